import { stripVTControlCharacters } from 'node:util';
import { type Logger, createLogger } from 'vite';

/** Vite's two warnings about a dependency's sourcemap; group 1 is the file it maps. */
const sourcemapWarning =
  /^Sourcemap for "([^"]+)" points to (?:missing source files$|a source file outside its package: )/;

/** True for Vite's sourcemap warning about a file inside one of `packages`. */
export function isPackageSourcemapWarning(message: string, packages: readonly string[]): boolean {
  const file = sourcemapWarning.exec(stripVTControlCharacters(message))?.[1];
  return !!file && packages.some((name) => file.includes(`/node_modules/${name}/`));
}

/**
 * A Vite logger that drops the sourcemap warnings about `packages` and passes every other line on.
 * `@angular/platform-server` 21 ships sourcemaps whose sources point outside the package, and Vite
 * warns about each on the first server render of `npm run dev`: more than 20 KB that bury the app's logs.
 */
export function quietSourcemapWarnings(packages: readonly string[], logger: Logger = createLogger()): Logger {
  const { warn, warnOnce } = logger;
  const keep = (message: string) => !isPackageSourcemapWarning(message, packages);
  logger.warn = (message, options) => (keep(message) ? warn(message, options) : undefined);
  logger.warnOnce = (message, options) => (keep(message) ? warnOnce(message, options) : undefined);
  return logger;
}

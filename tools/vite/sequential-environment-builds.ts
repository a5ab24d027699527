import type { Plugin, ViteBuilder } from 'vite';

/**
 * Builds Vite's environments one at a time instead of all at once.
 *
 * Analog 2.7 builds the client and SSR environments in parallel, sharing one Angular plugin
 * whose compiled output both builds fill and reset. When the race goes wrong (seen in CI, under
 * load), the client build misses the compiled components and falls back to plain TypeScript:
 * the components ship with their decorators, and the browser stops with "JIT compiler
 * unavailable". One build after the other costs a few seconds and never races.
 */
export function sequentialEnvironmentBuilds(): Plugin {
  return {
    name: 'sequential-environment-builds',
    // Runs before Analog's `builder.buildApp`, which starts the builds through `builder.build`.
    async buildApp(builder: ViteBuilder) {
      const build = builder.build.bind(builder);
      let previous: Promise<unknown> = Promise.resolve();
      builder.build = (environment) => {
        const next = previous.then(() => build(environment));
        previous = next.catch(() => undefined);
        return next;
      };
    },
  };
}

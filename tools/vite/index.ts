// What vite.config.ts builds the app with, beside Analog and the local modules.
export { devUpgradeErrors, hmrPort } from './dev-upgrade-errors.ts';
export { headRoutes } from './head-routes.ts';
export { nodeServer } from './node-server.ts';
export { pagesOnlySitemap } from './pages-only-sitemap.ts';
export { quietSourcemapWarnings } from './quiet-sourcemap-warnings.ts';
export { reuseAppBundles } from './reuse-app-bundles.ts';
export { routeCataloguePlugin } from './route-catalogue.ts';
export { sequentialEnvironmentBuilds } from './sequential-environment-builds.ts';
export { tsconfigAliases } from './tsconfig-aliases.ts';
export type { Variant } from './variant.ts';

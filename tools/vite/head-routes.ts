import type { NitroModule } from 'nitropack';

/**
 * HEAD is GET without a body (RFC 9110), but h3 1.x routes a `.get.ts` file to GET only. Once
 * Nitro has found the route files, this module lists each GET route's handler for HEAD as well
 * (Node's response sends no body for HEAD), so no middleware rewrites the method of every request.
 * A route's own HEAD handler wins; a route added while `npm run dev` runs answers HEAD after a restart.
 */
export function headRoutes(): NitroModule {
  return {
    name: 'head-routes',
    setup(nitro) {
      nitro.hooks.hook('rollup:before', () => {
        const routes = [...nitro.scannedHandlers, ...nitro.options.handlers].filter(
          (handler) => handler.route && !handler.middleware,
        );
        const withHead = new Set(routes.filter(({ method }) => method === 'head').map(({ route }) => route));
        for (const route of routes)
          if (route.method === 'get' && !withHead.has(route.route))
            nitro.options.handlers.push({ ...route, method: 'head' });
      });
    },
  };
}

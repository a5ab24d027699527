import type { Duplex } from 'node:stream';
import type { Plugin } from 'vite';

type UpgradeListener = (req: unknown, socket: Duplex, head: unknown) => unknown;

/**
 * `npm run dev` only. Analog hands every WebSocket upgrade on Vite's port to Nitro's dev server,
 * which proxies it to its worker and returns the proxy's promise to a Node `upgrade` listener that
 * never awaits it (@analogjs/vite-plugin-nitro 2.7.5, nitropack 2.13.6). When the client resets
 * its socket, as Chromium does after a refused upgrade (the chat's 401 to a signed-out page), that
 * promise rejects unhandled and the dev server dies. This plugin, running before Analog's, makes
 * every `upgrade` listener added to Vite's server end the socket when its promise rejects.
 */
export function devUpgradeErrors(): Plugin {
  return {
    name: 'dev-upgrade-errors',
    enforce: 'pre',
    apply: 'serve',
    configureServer(server) {
      const http = server.httpServer;
      if (!http) return;
      type Listener = (...args: unknown[]) => unknown;
      const on = http.on.bind(http) as (event: string, listener: Listener) => typeof http;
      http.on = ((event: string, listener: Listener) => {
        if (event !== 'upgrade') return on(event, listener);
        const upgrade = listener as unknown as UpgradeListener;
        return on('upgrade', (...[req, socket, head]: unknown[]) => {
          Promise.resolve(upgrade(req, socket as Duplex, head)).catch(() => (socket as Duplex).destroy());
        });
      }) as typeof http.on;
    },
  };
}

/**
 * The port of Vite's HMR socket under `npm run dev`: `VITE_HMR_PORT`, else 24678 (Vite's own
 * default). It can't share Vite's port, whose upgrades all go to Nitro (docs/websockets.md).
 */
export function hmrPort(): number {
  return Number(process.env['VITE_HMR_PORT']) || 24678;
}

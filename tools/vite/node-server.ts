import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

/**
 * The node presets' entries: Nitro's own, with a graceful drain (src/server/lib/ops, docs/deploy.md).
 * Each file is a Nitro entry, not an import of ops' face.
 */
const entries: Record<string, string> = {
  'node-server': fileURLToPath(new URL('../../src/server/lib/ops/node-server.ts', import.meta.url)),
  'node-cluster': fileURLToPath(new URL('../../src/server/lib/ops/node-cluster.ts', import.meta.url)),
};

/**
 * For the node presets (`node-server`, the default, and `node-cluster`): the server starts through
 * the app's own entry, and serves static files from memory rather than reading them from disk
 * per request (hosts such as Vercel serve them from their CDN). It runs once Nitro has chosen its
 * preset, so the dev server, the prerenderer and host presets keep theirs.
 */
export function nodeServer(): NitroModule {
  return {
    name: 'node-server',
    setup(nitro) {
      const entry = entries[nitro.options.preset];
      if (!entry) return;
      nitro.options.entry = entry;
      nitro.options.serveStatic = 'inline';
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

import { oneByteChunks } from './one-byte-chunks.ts';

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
 * the app's own entry, serves static files from memory rather than reading them from disk per
 * request (hosts such as Vercel serve them from their CDN), and its chunks are written in Latin-1,
 * which V8 holds in half the memory (./one-byte-chunks.ts). It runs once Nitro has chosen its
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
      nitro.hooks.hook('rollup:before', (_nitro, config) => {
        config.plugins = [...[config.plugins ?? []].flat(), oneByteChunks()];
      });
    },
  };
}

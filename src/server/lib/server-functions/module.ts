import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

/** For `analog({ nitro: { modules } })`: the server functions' body cap under their path only, ahead of other modules'. */
export const serverFunctions = (): NitroModule => ({
  name: 'server-functions',
  setup({ options }) {
    const handler = fileURLToPath(new URL('./middleware.ts', import.meta.url));
    options.handlers.unshift({ route: '/_analog/fn', middleware: true, handler });
  },
});

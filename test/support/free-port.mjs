import { createServer } from 'node:net';

/**
 * Asks the OS for a free TCP port on loopback. Plain ESM, so the bench (plain Node) and the
 * TypeScript test harness share it.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { closeDatabase, tuneConnector, useDatabase } from './database';

const dataDir = mkdtempSync(join(tmpdir(), 'database-'));

// Outside Nitro: the runtime config the database reads, for a SQLite file in a throw-away folder.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({ dataDir, databaseUrl: '' }) }));

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tuneConnector', () => {
  it('tunes the first connection also when a plugin before the tuning plugin asked for the database', async () => {
    const tuned: string[] = [];
    // As at start: one plugin asks for the database, a later one registers a tuning, in one pass.
    const ready = useDatabase();
    tuneConnector((connector) => {
      tuned.push(connector.name);
      return connector;
    });
    const db = await ready;
    expect(tuned).toHaveLength(1);
    expect((await db.sql`SELECT count(*) AS users FROM users`).rows).toEqual([{ users: 3 }]);
  });
});

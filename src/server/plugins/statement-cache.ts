import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { tuneConnector } from '../lib/db';
import { reuseStatements } from '../lib/statement-cache';

/**
 * Compiles each SQLite statement once (docs/tuning.md). On by default: on Node 24, better-sqlite3
 * 12 aborts the process when the garbage collector finalizes the statements db0 throws away, and
 * this keeps them. `STATEMENT_CACHE=false` (runtimeConfig `statementCache`) turns it off, for the bench.
 */
export default defineNitroPlugin(() => {
  if (useRuntimeConfig()['statementCache'] !== false) tuneConnector(reuseStatements);
});

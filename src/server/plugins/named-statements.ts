import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { tuneConnector } from '../lib/db';
import { nameStatements } from '../lib/named-statements';

/**
 * Names the PostgreSQL pool's statements, so each connection parses them once (docs/tuning.md).
 * `NAMED_STATEMENTS=false` (runtimeConfig `namedStatements`) turns it off, for the bench.
 */
export default defineNitroPlugin(() => {
  if (useRuntimeConfig()['namedStatements'] !== false) tuneConnector(nameStatements);
});

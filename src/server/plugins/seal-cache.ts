import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { tuneUnseal } from '../lib/auth';
import { cacheVerifiedSeals } from '../lib/seal-cache';

/**
 * Unseals each session cookie once per process (docs/tuning.md). `SEAL_CACHE=false` (runtimeConfig
 * `sealCache`) turns it off, for the bench.
 */
export default defineNitroPlugin(() => {
  if (useRuntimeConfig()['sealCache'] !== false) tuneUnseal(cacheVerifiedSeals);
});

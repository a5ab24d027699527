import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeOrphanUploads } from '../lib/uploads';

/** The bytes of deleted accounts' files and of crashed uploads: the housekeeping recipe, if it is there, removes them. */
export default defineNitroPlugin(() => {
  registerPurge('orphaned and half-written uploads', async () => {
    const { orphans, partial } = await purgeOrphanUploads();
    return orphans + partial;
  });
});

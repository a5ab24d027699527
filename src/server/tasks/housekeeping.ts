import { defineTask, useRuntimeConfig } from 'nitropack/runtime';

import { purgeRateLimits, purgeSessions } from '../lib/auth';
import { purgeChatMessages } from '../lib/chat';
import { type Purge, housekeep, purgeOldTaskRuns } from '../lib/housekeeping';
import { purgeIdempotencyKeys } from '../lib/idempotency';
import { isDraining } from '../lib/ops';
import { purgeTodoEvents } from '../lib/live';
import { purgeOrphanUploads } from '../lib/uploads';
import { purgeWebhookEvents } from '../lib/webhooks';

/**
 * What each run purges, in this order: a name (the key of `task_runs.purged`) and a function that deletes what has
 * outlived its use and answers how many rows or files it removed. Adding a purge is one line.
 */
const purges: Readonly<Record<string, Purge>> = {
  'expired rate limits': (signal) => purgeRateLimits(Date.now(), signal),
  'ended and expired sessions': () => purgeSessions(),
  'task runs over a week old': purgeOldTaskRuns,
  'expired idempotency keys': () => purgeIdempotencyKeys(),
  'todo events past the replay window': () => purgeTodoEvents(),
  'webhook events over 30 days old': () => purgeWebhookEvents(),
  'chat messages but the newest 1,000': () => purgeChatMessages(),
  'orphaned and half-written uploads': async () => {
    const { orphans, partial } = await purgeOrphanUploads();
    return orphans + partial;
  },
};

/**
 * Scheduled every second in vite.config.ts (`scheduledTasks`) in every worker and instance; it
 * runs its purges once per `HOUSEKEEPING_INTERVAL_SECONDS` across all of them (lib/housekeeping).
 */
export default defineTask({
  meta: { name: 'housekeeping', description: 'Purges expired rows, once per interval across the cluster' },
  run: async () => {
    // A draining process starts nothing new: another worker or instance takes the next round.
    if (isDraining()) return { result: undefined };
    const { intervalSeconds } = useRuntimeConfig()['housekeeping'] as { intervalSeconds: number };
    return { result: await housekeep(purges, Number(intervalSeconds)) };
  },
});

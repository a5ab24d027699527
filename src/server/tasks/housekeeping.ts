import { defineTask, useRuntimeConfig } from 'nitropack/runtime';

import { registeredPurges } from '../lib/db';
import { housekeep } from '../lib/housekeeping';

/**
 * Scheduled every second in vite.config.ts (`scheduledTasks`) in every worker and instance; it
 * runs the purges the recipes registered once per `HOUSEKEEPING_INTERVAL_SECONDS` across all of
 * them (lib/housekeeping).
 */
export default defineTask({
  meta: { name: 'housekeeping', description: 'Purges expired rows, once per interval across the cluster' },
  run: async () => {
    const { intervalSeconds } = useRuntimeConfig()['housekeeping'] as { intervalSeconds: number };
    return { result: await housekeep(registeredPurges(), Number(intervalSeconds)) };
  },
});

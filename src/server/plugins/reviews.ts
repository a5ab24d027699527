import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { forgetReviewAddresses } from '../lib/reviews';

/** A review's address counts against its limit for an hour: then the housekeeping recipe, if it is there, clears it. */
export default defineNitroPlugin(() => {
  registerPurge('review addresses over an hour old', () => forgetReviewAddresses(Date.now()));
});

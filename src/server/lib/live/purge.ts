import { useDatabase } from '../db';
import { deleteEventsBefore, windowStart } from './event-log';

/**
 * Deletes the events older than the replay window's 24 hours, for a housekeeping task; answers
 * how many. Up to the newest old one, so only a prefix of the log goes, as with the count limit:
 * a resuming client either has every event after its id, or is told to `reset`.
 */
export async function purgeTodoEvents(now = new Date()): Promise<number> {
  return deleteEventsBefore(await useDatabase(), windowStart(now));
}

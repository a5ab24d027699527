import { newestTodoEvent } from '../../server/lib/live';

/**
 * The newest todo event when the page was rendered. The list the page then reads holds every change
 * up to it, so the live stream's `ready` naming the same id means the list needs no second fetch.
 */
export const load = async () => ({ listedThrough: String(await newestTodoEvent()) });

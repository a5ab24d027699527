import { useDatabase } from '../db';
import { deleteChatMessagesBefore, keptChatMessages } from './messages';

/** Keeps the newest 1,000 messages (`keptChatMessages`), for the housekeeping task; answers how many went. */
export async function purgeChatMessages(): Promise<number> {
  return deleteChatMessagesBefore(await useDatabase(), keptChatMessages);
}

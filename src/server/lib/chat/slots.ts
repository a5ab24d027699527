import { budget } from '../../../modules/request';
import { chatSettings } from './settings';

/** Open chat connections, per client address (`addressCallerKey`) and in this process. */
export const chatConnections = budget(() => {
  const { maxConnections, maxConnectionsPerAddress } = chatSettings();
  return { what: 'open chats', total: maxConnections, perCaller: maxConnectionsPerAddress };
});

/** Open chat connections per account (`callerKey` once signed in) in this process. */
export const accountConnections = budget(() => {
  const { maxConnections, maxConnectionsPerAccount } = chatSettings();
  return { what: 'open chats', total: maxConnections, perCaller: maxConnectionsPerAccount };
});

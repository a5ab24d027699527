import { addressSlots } from '../request';

/** Open chat connections, per client address and in this process. */
export const chatConnections = addressSlots();
/** Open chat connections per account (its user id) in this process. */
export const accountConnections = addressSlots();

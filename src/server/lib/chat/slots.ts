import { addressSlots } from '../request';

/** Open chat connections, per client address and in this process. */
export const chatConnections = addressSlots();

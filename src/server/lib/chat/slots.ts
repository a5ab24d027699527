import { addressSlots } from '../live';

/** Open chat connections, per client address and in this process. */
export const chatConnections = addressSlots();

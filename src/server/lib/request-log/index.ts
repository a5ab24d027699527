export { flushLog, log } from './logger';
export { logRequests } from './requests';

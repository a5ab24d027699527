export { log } from './logger';
export { logRequests } from './requests';

export { errorPage, isPageNavigation } from './error-page';
export { log } from './logger';
export { logRequests } from './requests';

// The app's own /cookies loader, unchanged.
export { load } from '../../../../../src/app/pages/cookies.server';

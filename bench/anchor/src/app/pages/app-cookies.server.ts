import { load as appLoad } from '../../../../../src/app/pages/cookies.server';

/**
 * The app's own /cookies loader, unchanged. Bound here, not re-exported (`export { load } from`):
 * Analog compiles a `.server.ts` into an endpoint that calls the file's local `load`, so a bare
 * re-export leaves that endpoint calling an undefined name on every request.
 */
export const load = appLoad;

/**
 * What recipes may ask the security module at run time. Import from here, not from
 * `../index.ts`, which is the build-time module.
 */
export { isFormBody, mediaType, requestMediaType } from './content-type';
export { appOrigin, clientAddress, isHttps } from './request';
// A page served from a cache (src/server/lib/page-cache/page-cache.ts) gets a fresh nonce and policy, as a render does.
export { createNonce, noncePolicy } from './csp';
export { setPageHeaders } from './page-policy';

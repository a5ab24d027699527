/**
 * What recipes may ask the security module at run time. Import from here, not from
 * `../index.ts`, which is the build-time module.
 */
export { isFormBody, mediaType, requestMediaType } from './content-type';
export { appOrigin, isHttps } from './request';

/**
 * What a route may ask of its request beyond h3's helpers, proxies considered (`ORIGIN`, `TRUST_PROXY`): who
 * sent it, over which protocol, from where, with what body; and the one budget every per-caller limit and
 * process-wide ceiling counts with. It needs no other recipe.
 */
export { isBrowserFormPost, isMultipartWithoutBoundary, mediaType } from './content-type';
export { addressKey } from './address-key';
export { type Release, budget, budgetSettings } from './budget';
export { addressCallerKey, callerKey, identifiedCallerKey } from './budget';
export { capBody } from './body-cap';
export { queuedBytes } from './queued-bytes';
export { isCrossSiteForm, refuseCrossSiteForm } from './cross-site';
export { lingerAfterRefusal } from './linger';
export { appOrigin, clientAddress, isHttps, proxySettings } from './proxy';

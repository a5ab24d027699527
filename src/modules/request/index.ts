/**
 * What a route may ask of its request beyond h3's helpers, proxies considered (`ORIGIN`,
 * `TRUST_PROXY`): who sent it, over which protocol, to which origin, with what body type, and
 * whether it is a form posted from another site; and the one budget every per-caller limit and
 * process-wide ceiling counts with (`callerKey`, `budget`). Any recipe may use it; it needs nothing else.
 */
export {
  isBrowserFormPost,
  isFormBody,
  isMultipartWithoutBoundary,
  isSimpleBody,
  mediaType,
  requestMediaType,
} from './content-type';
export { addressKey } from './address-key';
export {
  type Budget,
  type BudgetSettings,
  type Ceiling,
  type Release,
  addressCallerKey,
  budget,
  budgetSettings,
  callerKey,
  identifiedCallerKey,
} from './budget';
export { capBody } from './body-cap';
export { queuedBytes } from './queued-bytes';
export { isCrossSiteForm, refuseCrossSiteForm } from './cross-site';
export { lingerAfterRefusal } from './linger';
export { type ProxySettings, appOrigin, clientAddress, isHttps, proxySettings } from './proxy';

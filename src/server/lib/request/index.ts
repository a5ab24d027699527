/**
 * What a route may ask of its request beyond h3's helpers, proxies considered (`ORIGIN`,
 * `TRUST_PROXY`): who sent it, over which protocol, to which origin, with what body type, and
 * whether it is a form posted from another site. Any recipe may use it; it needs nothing else.
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
export { addressSlots } from './address-slots';
export { capBody } from './body-cap';
export { isCrossSiteForm, refuseCrossSiteForm } from './cross-site';
export { lingerAfterRefusal } from './linger';
export { type ProxySettings, appOrigin, clientAddress, isHttps, proxySettings } from './proxy';

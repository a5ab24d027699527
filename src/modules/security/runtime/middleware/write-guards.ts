import {
  type H3Event,
  createError,
  defineEventHandler,
  getRequestHeader,
  setResponseHeader,
  setResponseStatus,
} from 'h3';
import { getRouteRules, useRuntimeConfig } from 'nitropack/runtime';

import {
  addressSlots,
  clientAddress,
  isCrossSiteForm,
  isMultipartWithoutBoundary,
} from '../../../../server/lib/request/index.ts';
import { defaultMaxBodyBytes, hasRequestBody, requireBodyWithinLimit } from '../body-limit.ts';

/** Methods that change nothing (RFC 9110): no guard here has work for them. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSiteMessage = 'Cross-site form submissions are forbidden';

/**
 * A form posted from another site (CSRF) gets a 403 before any page, form action or API route
 * reads it: JSON for clients that accept JSON, a short text for everyone else.
 */
function answerCrossSiteForm(event: H3Event) {
  setResponseStatus(event, 403, 'Forbidden');
  if (/json/i.test(getRequestHeader(event, 'accept') ?? '')) {
    return { statusCode: 403, statusMessage: 'Forbidden', message: crossSiteMessage };
  }
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8');
  return crossSiteMessage;
}

/**
 * Requests from one client address whose bodies are still arriving at once: `BODIES_PER_ADDRESS`
 * (runtimeConfig `bodiesPerAddress`, default 10), so with 1 MiB bodies what one address can make
 * the process hold is about 10 MiB. A body that came with its headers (any small one) never counts.
 */
let maxArrivingPerAddress: number | undefined;
const arriving = addressSlots();

/**
 * Counts a request whose body is still arriving against its client address until the body has
 * arrived or the connection closed; past `maxArrivingPerAddress`, 429, and the connection closes
 * without reading the body. Connections that each hold a nearly complete body would otherwise pin
 * memory without bound; Node's request timeout (`BODY_TIMEOUT_SECONDS`, src/server/lib/ops) ends
 * each one that stalls.
 */
function holdArrivingBody(event: H3Event): void {
  const request = event.node.req;
  if (request.complete || !hasRequestBody(event)) return;
  const address = clientAddress(event);
  maxArrivingPerAddress ??= Number(useRuntimeConfig()['bodiesPerAddress']);
  if (arriving.of(address) >= maxArrivingPerAddress) {
    // Nothing of the body is read: the connection ends as soon as the answer is out.
    setResponseHeader(event, 'connection', 'close');
    event.node.res.once('finish', () => request.socket.destroy());
    throw createError({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: `At most ${maxArrivingPerAddress} request bodies at once per client`,
    });
  }
  const release = arriving.hold(address);
  request.once('end', release);
  request.once('close', release);
}

/**
 * The module's guards of a request that may change something, in one middleware; a GET, HEAD
 * or OPTIONS passes at once (h3 reads no body for them). In order: a cross-site form gets 403;
 * a `multipart/form-data` body without a boundary, which no route could split, 400; a body still
 * arriving counts against its address (`holdArrivingBody`); and a body over the route's
 * `bodyLimit` rule (the module's `bodyLimit` option, 1 MiB unless set) a JSON 413 while it streams
 * in. A route whose rule says `bodyLimit: false` caps its body itself, e.g. an upload streamed to disk.
 */
export default defineEventHandler((event) => {
  if (safeMethods.has(event.method)) return undefined;
  if (isCrossSiteForm(event)) return answerCrossSiteForm(event);
  if (isMultipartWithoutBoundary(getRequestHeader(event, 'content-type'))) {
    throw createError({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'A multipart/form-data body needs a boundary parameter in its Content-Type',
    });
  }
  holdArrivingBody(event);
  const { bodyLimit } = getRouteRules(event);
  return bodyLimit === false ? undefined : requireBodyWithinLimit(event, bodyLimit ?? defaultMaxBodyBytes);
});

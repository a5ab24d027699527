import {
  type H3Event,
  createError,
  defineEventHandler,
  getRequestHeader,
  setResponseHeader,
  setResponseStatus,
} from 'h3';
import { getRouteRules } from 'nitropack/runtime';

import {
  addressCallerKey,
  budget,
  budgetSettings,
  isCrossSiteForm,
  isMultipartWithoutBoundary,
} from '../../../request/index.ts';
import { defaultMaxBodyBytes } from '../../index.ts';
import { hasRequestBody, requireBodyWithinLimit } from '../body-limit.ts';

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

/** What a body still arriving is counted as at least: the socket buffers that hold it while it arrives. */
const minBodyBytes = 16 * 1024;

/**
 * Request body bytes arriving at once, in the process and per caller (`BUDGET_BODY_BYTES`, 64 MiB,
 * and `BUDGET_BODY_BYTES_PER_CALLER`, 10 MiB): connections that each hold a nearly complete body
 * can't pin more memory than that, however many addresses they come from.
 */
const arriving = budget(() => {
  const { bodyBytes, bodyBytesPerCaller } = budgetSettings();
  return { what: 'request body bytes in flight', total: bodyBytes, perCaller: bodyBytesPerCaller };
});

/**
 * Admits a body still arriving into the body budget for what it may grow to (its `Content-Length`, else the
 * route's limit) before a byte is read, until the request ends: past its caller's share 429, past the
 * process's 503, and the connection closes unread. A body that came with its headers (any small one) is in
 * memory already and never counts; the body timeout (`BODY_TIMEOUT_SECONDS`, src/server/lib/ops) ends stalls.
 */
function admitArrivingBody(event: H3Event, maxBytes: number | false): void {
  const request = event.node.req;
  if (request.complete || !hasRequestBody(event)) return;
  const declared = Number(request.headers['content-length']) || Infinity;
  const bytes = Math.max(minBodyBytes, maxBytes === false ? 0 : Math.min(declared, maxBytes));
  try {
    const release = arriving.admit(event, addressCallerKey(event), bytes);
    event.node.res.once('close', release);
  } catch (refusal) {
    // Nothing of the body is read: the connection ends as soon as the answer is out.
    setResponseHeader(event, 'connection', 'close');
    event.node.res.once('finish', () => request.socket.destroy());
    throw refusal;
  }
}

/**
 * The module's guards of a request that may change something, in one middleware; a GET, HEAD
 * or OPTIONS passes at once (h3 reads no body for them). In order: a cross-site form gets 403;
 * a `multipart/form-data` body without a boundary, which no route could split, 400; a body still
 * arriving is admitted into the body budget (`admitArrivingBody`); and a body over the route's
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
  const { bodyLimit = defaultMaxBodyBytes } = getRouteRules(event);
  admitArrivingBody(event, bodyLimit);
  return bodyLimit === false ? undefined : requireBodyWithinLimit(event, bodyLimit);
});

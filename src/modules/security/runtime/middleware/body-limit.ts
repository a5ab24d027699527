import { type H3Event, createError, defineEventHandler, setResponseHeader } from 'h3';
import { getRouteRules, useRuntimeConfig } from 'nitropack/runtime';

import { addressSlots, clientAddress } from '../../../../server/lib/request/index.ts';
import { defaultMaxBodyBytes, hasRequestBody, requireBodyWithinLimit } from '../body-limit.ts';

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
 * Counts a body still arriving against its client address (`holdArrivingBody`), then
 * refuses a request body over the route's `bodyLimit` rule (the module's `bodyLimit` option,
 * 1 MiB unless set) with a JSON 413, before any route buffers it. A route whose rule says
 * `bodyLimit: false` reads and caps its body itself, e.g. an upload that streams to disk.
 */
export default defineEventHandler((event) => {
  holdArrivingBody(event);
  const { bodyLimit } = getRouteRules(event);
  return bodyLimit === false ? undefined : requireBodyWithinLimit(event, bodyLimit ?? defaultMaxBodyBytes);
});

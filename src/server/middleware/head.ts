import { defineEventHandler } from 'h3';

/**
 * HEAD is GET without a body (RFC 9110), but h3 1.x routes a `.get.ts` file to GET only.
 * Route HEAD to the GET handler; Node's response already knows to send no body for HEAD.
 */
export default defineEventHandler((event) => {
  if (event.method !== 'HEAD') return;
  event.node.req.method = 'GET';
  // Private API (checked against h3@1.15.11): `event.method` caches the method in `_method`, and
  // h3 has no public setter, so the cache is reset here too.
  event._method = 'GET';
});

import type { H3Event } from 'h3';
import type { IncomingMessage } from 'node:http';

/** What the module publishes on each request, as `event.context.security`. */
export interface SecurityContext {
  /** The nonce in this response's Content-Security-Policy, once a page has one. */
  nonce?: string;
}

declare module 'h3' {
  interface H3EventContext {
    security?: SecurityContext;
  }
}

/**
 * The page renderer (src/main.server.ts) is handed Node's request, not the h3 event, and runs
 * from Analog's SSR bundle, which holds its own copy of this file: the request carries the
 * context under a registered symbol, the same in every copy.
 */
const contextKey = Symbol.for('security.context');
type Carrier = IncomingMessage & { [contextKey]?: SecurityContext };

/** Gives the request its `event.context.security`; the headers plugin calls it first thing. */
export function publishSecurityContext(event: H3Event): void {
  event.context.security = (event.node.req as Carrier)[contextKey] = {};
}

/** Notes `nonce` as the request's page nonce (outside Nitro, in `vite` dev, there is no context). */
export function notePageNonce(req: IncomingMessage, nonce: string): void {
  const context = (req as Carrier)[contextKey];
  if (context) context.nonce = nonce;
}

/**
 * The nonce of this response's page policy, as nuxt-security's `useNonce`: set once the page
 * renderer (or the page cache) gave the page its policy; `undefined` for any other response,
 * a prerendered page (hashes, no nonce) or a build without the module.
 */
export function useNonce(event: H3Event): string | undefined {
  return event.context.security?.nonce;
}

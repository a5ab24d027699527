import type { H3Event } from 'h3';
import type { IncomingMessage } from 'node:http';

/** What the module publishes on a page's request, as `event.context.security`. */
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

/** Notes `nonce` as the page nonce of the request `req`, for `useNonce` to publish. */
export function notePageNonce(req: IncomingMessage, nonce: string): void {
  (req as Carrier)[contextKey] = { nonce };
}

/**
 * The nonce of this response's page policy, as nuxt-security's `useNonce`, published on
 * `event.context.security`: set once the page renderer (or the page cache) gave the page its
 * policy; `undefined` for any other response, a prerendered page (hashes, no nonce) or a build
 * without the module. Nothing is allocated for a request that has no page nonce.
 */
export function useNonce(event: H3Event): string | undefined {
  event.context.security ??= (event.node.req as Carrier)[contextKey];
  return event.context.security?.nonce;
}

import { type H3Event, getRequestHeader, getRequestHost, getRequestIP, getRequestProtocol } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

let settings: { origin: string | undefined; trustProxy: boolean } | undefined;

/**
 * `ORIGIN` (the app's own origin; unset, each request's) and `TRUST_PROXY` (believe the `X-Forwarded-*`
 * headers a proxy in front sets; env values pass through `destr`, so `1` and `true` arrive as such), read
 * once. A malformed `ORIGIN` throws: a plugin that calls this at start stops the server there.
 */
export function proxySettings() {
  if (settings) return settings;
  const config = useRuntimeConfig();
  const origin = config['origin'];
  if (origin && !URL.canParse(origin)) throw new Error(`ORIGIN must be an absolute URL, got "${origin}"`);
  const on = [true, 1, '1', 'true'].includes(config['trustProxy']);
  return (settings = { origin: origin ? new URL(origin).origin : undefined, trustProxy: on });
}

/**
 * True when the request came over HTTPS, to this server or to a trusted proxy in front of it (any client
 * could send `X-Forwarded-Proto` without one). Ask this before sending HSTS or a cookie's `Secure` flag.
 */
export const isHttps = (event: H3Event): boolean =>
  getRequestProtocol(event, { xForwardedProto: proxySettings().trustProxy }) === 'https';

/** The app's origin as browsers name it in `Origin`: `ORIGIN` if set, else the request's (or forwarded). */
export function appOrigin(event: H3Event): string {
  const host = getRequestHost(event, { xForwardedHost: proxySettings().trustProxy });
  return proxySettings().origin ?? `${isHttps(event) ? 'https' : 'http'}://${host}`;
}

/**
 * The client's address: the socket's peer, or behind a trusted proxy the last `X-Forwarded-For` entry, the
 * one that proxy appended (entries before it are whatever the client sent).
 */
export function clientAddress(event: H3Event): string {
  const forwarded = getRequestHeader(event, 'x-forwarded-for')?.split(',').at(-1)?.trim();
  return (proxySettings().trustProxy && forwarded) || (getRequestIP(event) ?? 'unknown');
}

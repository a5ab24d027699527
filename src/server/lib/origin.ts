import { type H3Event, getRequestHeader, getRequestHost, getRequestIP, getRequestProtocol } from 'h3';

/**
 * True when `TRUST_PROXY` is `1` or `true`: the server sits behind a proxy that sets
 * `X-Forwarded-Proto` and `X-Forwarded-Host` itself, so they can be believed. Without a proxy
 * that overwrites them, any client could send them, so they are ignored by default.
 */
export function trustsProxy(env: Record<string, string | undefined> = process.env): boolean {
  return env['TRUST_PROXY'] === '1' || env['TRUST_PROXY'] === 'true';
}

/** Read once: the environment of a running server doesn't change. */
const trustProxy = trustsProxy();

/** True when the request came over HTTPS: to this server, or to a trusted proxy in front of it. */
export function isHttps(event: H3Event): boolean {
  return getRequestProtocol(event, { xForwardedProto: trustProxy }) === 'https';
}

/**
 * The client's address: the socket's peer, or behind a trusted proxy the last `X-Forwarded-For`
 * entry, the one that proxy appended (entries before it are whatever the client sent).
 */
export function clientAddress(event: H3Event): string {
  const forwarded = trustProxy ? getRequestHeader(event, 'x-forwarded-for')?.split(',').at(-1)?.trim() : '';
  return forwarded || (getRequestIP(event) ?? 'unknown');
}

function configuredOrigin(env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env['ORIGIN'];
  if (!value) return undefined;
  if (!URL.canParse(value)) throw new Error(`ORIGIN must be an absolute URL, got "${value}"`);
  return new URL(value).origin;
}

/** Read once, so a malformed `ORIGIN` stops the server at start rather than failing requests. */
const fixedOrigin = configuredOrigin();

/**
 * The app's own origin, as browsers name it in `Origin`: `ORIGIN` (e.g. `https://shop.example.com`)
 * when set, otherwise the protocol and `Host` of the request, or the forwarded ones behind a
 * trusted proxy.
 */
export function appOrigin(event: H3Event): string {
  if (fixedOrigin) return fixedOrigin;
  const protocol = getRequestProtocol(event, { xForwardedProto: trustProxy });
  return `${protocol}://${getRequestHost(event, { xForwardedHost: trustProxy })}`;
}

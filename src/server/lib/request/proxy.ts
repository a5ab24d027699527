import { type H3Event, getRequestHeader, getRequestHost, getRequestIP, getRequestProtocol } from 'h3';

import { securityConfig } from './config.ts';

/**
 * True when the request came over HTTPS: to this server, or to a proxy in front of it when
 * `TRUST_PROXY` says one sets `X-Forwarded-Proto` itself. Without such a proxy any client
 * could send that header, so it is ignored by default. Ask this before sending HSTS or a
 * cookie's `Secure` flag.
 */
export function isHttps(event: H3Event): boolean {
  return getRequestProtocol(event, { xForwardedProto: securityConfig().trustProxy }) === 'https';
}

/**
 * The app's own origin, as browsers name it in `Origin`: `ORIGIN` (e.g. `https://shop.example.com`)
 * when set, otherwise the protocol and `Host` of the request, or the forwarded ones behind a
 * trusted proxy.
 */
export function appOrigin(event: H3Event): string {
  const { origin, trustProxy } = securityConfig();
  if (origin) return origin;
  const protocol = getRequestProtocol(event, { xForwardedProto: trustProxy });
  return `${protocol}://${getRequestHost(event, { xForwardedHost: trustProxy })}`;
}

/**
 * The client's address: the socket's peer, or behind a trusted proxy the last `X-Forwarded-For`
 * entry, the one that proxy appended (entries before it are whatever the client sent).
 */
export function clientAddress(event: H3Event): string {
  const forwarded = securityConfig().trustProxy
    ? getRequestHeader(event, 'x-forwarded-for')?.split(',').at(-1)?.trim()
    : '';
  return forwarded || (getRequestIP(event) ?? 'unknown');
}

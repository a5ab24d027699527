import { type H3Event, getRequestHeader, getRequestHost, getRequestIP, getRequestProtocol } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

/** How clients reach the server: `ORIGIN` and `TRUST_PROXY` (runtimeConfig `origin` and `trustProxy`). */
export interface ProxySettings {
  /** The app's own origin, or `undefined` to take it from each request. */
  origin: string | undefined;
  /** Believe `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Forwarded-For`: a proxy in front sets them. */
  trustProxy: boolean;
}

/** A switch as Nitro hands it over: env values pass through `destr`, so `1` and `true` arrive as such. */
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

let settings: ProxySettings | undefined;

/**
 * The settings, read once: the environment of a running server doesn't change. A malformed
 * `ORIGIN` throws; a plugin that calls this at start stops the server there instead.
 */
export function proxySettings(): ProxySettings {
  if (settings) return settings;
  const config = useRuntimeConfig();
  const origin = config['origin'] ? String(config['origin']) : '';
  if (origin && !URL.canParse(origin)) throw new Error(`ORIGIN must be an absolute URL, got "${origin}"`);
  settings = { origin: origin ? new URL(origin).origin : undefined, trustProxy: isOn(config['trustProxy']) };
  return settings;
}

/**
 * True when the request came over HTTPS: to this server, or to a proxy in front of it when
 * `TRUST_PROXY` says one sets `X-Forwarded-Proto` itself. Without such a proxy any client
 * could send that header, so it is ignored by default. Ask this before sending HSTS or a
 * cookie's `Secure` flag.
 */
export function isHttps(event: H3Event): boolean {
  return getRequestProtocol(event, { xForwardedProto: proxySettings().trustProxy }) === 'https';
}

/**
 * The app's own origin, as browsers name it in `Origin`: `ORIGIN` (e.g. `https://shop.example.com`)
 * when set, otherwise the protocol and `Host` of the request, or the forwarded ones behind a
 * trusted proxy.
 */
export function appOrigin(event: H3Event): string {
  const { origin, trustProxy } = proxySettings();
  if (origin) return origin;
  const protocol = getRequestProtocol(event, { xForwardedProto: trustProxy });
  return `${protocol}://${getRequestHost(event, { xForwardedHost: trustProxy })}`;
}

/**
 * The client's address: the socket's peer, or behind a trusted proxy the last `X-Forwarded-For`
 * entry, the one that proxy appended (entries before it are whatever the client sent).
 */
export function clientAddress(event: H3Event): string {
  const forwarded = proxySettings().trustProxy
    ? getRequestHeader(event, 'x-forwarded-for')?.split(',').at(-1)?.trim()
    : '';
  return forwarded || (getRequestIP(event) ?? 'unknown');
}

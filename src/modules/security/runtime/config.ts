import { type H3Event, getRequestProtocol } from 'h3';

/** The module's settings, as the running server sees them. */
export interface SecurityConfig {
  /** `TRUST_PROXY`: believe `X-Forwarded-Proto`, so HSTS goes out behind a TLS-terminating proxy. */
  trustProxy: boolean;
  /** `CSP_REPORT_ONLY`: pages report their policy's violations but block nothing. */
  cspReportOnly: boolean;
}

/** A switch as Nitro hands it over: its env values pass through `destr`, so `1` and `true` arrive as such. */
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

let current: SecurityConfig | undefined;

/**
 * Reads the settings from Nitro's runtime config, once: the environment of a running server
 * doesn't change. The headers plugin calls it at start. It is handed the config rather than
 * importing `nitropack/runtime`, so the module's index.ts also loads where Vite runs code
 * outside Nitro (src/main.server.ts and src/server/middleware in development, vite.config.ts).
 * `ORIGIN` and the rest of `TRUST_PROXY` are the request helper's (src/server/lib/request).
 */
export function configureSecurity(runtimeConfig: Record<string, unknown>): SecurityConfig {
  current = {
    trustProxy: isOn(runtimeConfig['trustProxy']),
    cspReportOnly: isOn(runtimeConfig['cspReportOnly']),
  };
  return current;
}

/** The settings the headers plugin read at start. */
export function securityConfig(): SecurityConfig {
  if (!current)
    throw new Error('The security module reads its settings at start: list security() in nitro.modules');
  return current;
}

/** True when the request came over HTTPS, to this server or to a trusted proxy: when HSTS goes out. */
export const isHttpsRequest = (event: H3Event): boolean =>
  getRequestProtocol(event, { xForwardedProto: securityConfig().trustProxy }) === 'https';

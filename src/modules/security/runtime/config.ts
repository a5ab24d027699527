/** The module's settings, as the running server sees them. */
export interface SecurityConfig {
  /** The app's own origin (`ORIGIN`), or `undefined` to take it from each request. */
  origin: string | undefined;
  /** `TRUST_PROXY`: believe `X-Forwarded-Proto` and `X-Forwarded-Host`. */
  trustProxy: boolean;
  /** `CSP_REPORT_ONLY`: pages report their policy's violations but block nothing. */
  cspReportOnly: boolean;
}

/** The runtime config keys the module declares (src/modules/security/index.ts), before parsing. */
interface SecurityRuntimeConfig {
  origin: unknown;
  trustProxy: unknown;
  cspReportOnly: unknown;
}

/** A switch as Nitro hands it over: its env values pass through `destr`, so `1` and `true` arrive as such. */
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** Parses the module's runtime config; a malformed `ORIGIN` throws. */
function parseSecurityConfig(config: SecurityRuntimeConfig): SecurityConfig {
  const origin = config.origin ? String(config.origin) : '';
  if (origin && !URL.canParse(origin)) throw new Error(`ORIGIN must be an absolute URL, got "${origin}"`);
  return {
    origin: origin ? new URL(origin).origin : undefined,
    trustProxy: isOn(config.trustProxy),
    cspReportOnly: isOn(config.cspReportOnly),
  };
}

let current: SecurityConfig | undefined;

/**
 * Reads the settings from Nitro's runtime config, once: the environment of a running server
 * doesn't change. The headers plugin calls it at start, so a malformed `ORIGIN` stops the
 * server there rather than failing requests. It is handed the config rather than importing
 * `nitropack/runtime`, so the module's index.ts also loads where Vite runs code outside Nitro
 * (src/main.server.ts and src/server/middleware in development, vite.config.ts).
 */
export function configureSecurity(runtimeConfig: object): SecurityConfig {
  current = parseSecurityConfig(runtimeConfig as SecurityRuntimeConfig);
  return current;
}

/** The settings the headers plugin read at start. */
export function securityConfig(): SecurityConfig {
  if (!current)
    throw new Error('The security module reads its settings at start: list security() in nitro.modules');
  return current;
}

import { randomBytes } from 'node:crypto';

/**
 * What the build writes where each request's nonce goes: Vite's `html.cspNonce` puts it on
 * every `<script>`, `<style>` and preload `<link>` of index.html, and index.html puts it on
 * `<app-root ngCspNonce>`, where Angular reads it for the scripts and styles it adds itself.
 */
export const cspNoncePlaceholder = 'CSP_NONCE_PLACEHOLDER';

/** Where browsers send violation reports (`report-to` and the older `report-uri`). */
export const cspReportPath = '/api/csp-report';

/** Reports are small; a larger body is not a browser's report. */
export const maxReportBytes = 16 * 1024;

/** The `Reporting-Endpoints` name (headers.ts) the policies' `report-to` refers to. */
export const cspReportGroup = 'csp';

/** 128 random bits, base64: a fresh nonce for one response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * True under `npm run dev`: Nitro's `import.meta.dev` on the server, Vite's `import.meta.env.DEV`
 * where Vite compiles the renderer (src/main.server.ts). A production build replaces both with false.
 */
const dev = Boolean(import.meta.dev || (import.meta as { env?: { DEV?: boolean } }).env?.DEV);

function pagePolicy(scriptSources: string[], styleSources: string[]): string {
  return [
    // Anything not listed below loads from this origin only.
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // No inline event handlers (`onclick="…"`), nonce or not.
    "script-src-attr 'none'",
    `style-src ${styleSources.join(' ')}`,
    "img-src 'self' data:",
    // `npm run dev` only: Vite's HMR socket is on a port of its own (vite.config.ts, `server.hmr`).
    ...(dev ? ["connect-src 'self' ws:"] : []),
    // No <object>/<embed> plugins, which CSP cannot otherwise restrict.
    "object-src 'none'",
    // An injected <base> can't redirect the page's relative script URLs elsewhere.
    "base-uri 'none'",
    // Forms post only back to this origin.
    "form-action 'self'",
    // No site may frame the page (clickjacking).
    "frame-ancestors 'none'",
    `report-to ${cspReportGroup}`,
    `report-uri ${cspReportPath}`,
  ].join('; ');
}

/**
 * The policy of a server-rendered page: only scripts carrying this response's nonce run, and
 * `'strict-dynamic'` lets those load the app's chunks. Styles: this origin's stylesheets and
 * `<style>` elements carrying the nonce (Angular's component styles), no `style="…"` attributes.
 */
export function noncePolicy(nonce: string): string {
  const source = `'nonce-${nonce}'`;
  return pagePolicy([source, "'strict-dynamic'"], ["'self'", source]);
}

/**
 * The policy of a prerendered page, fixed at build time: only the inline scripts and styles
 * whose SHA-256 hashes are listed run, plus scripts and stylesheets from this origin (a hash
 * can't allow an external `<script src>`, and `'self'` serves only the build's own chunks).
 */
export function hashPolicy(scriptHashes: string[], styleHashes: string[]): string {
  return pagePolicy(["'self'", ...scriptHashes], ["'self'", ...styleHashes]);
}

/**
 * Every response's security headers, in one place. Each comment says what the header prevents.
 * `resourceHeaders` go on everything (API answers, files, pages); pages add `documentHeaders`
 * and their own Content-Security-Policy; HSTS is added only over HTTPS (see `hsts`).
 */
export const resourceHeaders: Readonly<Record<string, string>> = {
  // The browser never guesses a type, so a JSON answer or an uploaded file can't run as script or HTML.
  'x-content-type-options': 'nosniff',
  // Other sites see only this origin in `Referer`, never paths or query strings that may hold private data.
  'referrer-policy': 'strict-origin-when-cross-origin',
  // No page may frame this response, so it can't be overlaid for clickjacking (older browsers; CSP frame-ancestors for new ones).
  'x-frame-options': 'DENY',
  // Only this origin may embed the response (img, script, no-cors fetch), so other sites can't pull it into their process to read it (Spectre).
  'cross-origin-resource-policy': 'same-origin',
  // The browser doesn't resolve hosts a page merely links to, so those lookups can't leak what a visitor sees to a DNS observer.
  'x-dns-prefetch-control': 'off',
  // Flash and PDF readers may not load a cross-domain policy from this site, so they can't be granted cross-origin reads.
  'x-permitted-cross-domain-policies': 'none',
  // A response that isn't a page runs nothing and loads nothing, even when a browser is tricked into opening it as a document.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** What pages add to `resourceHeaders`; these only mean something on a document. */
export const documentHeaders: Readonly<Record<string, string>> = {
  // A cross-origin window this page opens, or that opened it, gets no handle to it, which stops cross-window attacks and XS-Leaks.
  'cross-origin-opener-policy': 'same-origin',
  // The page gets an agent cluster (process) of its own origin, so same-site pages can't share memory with it or relax `document.domain`.
  'origin-agent-cluster': '?1',
  // Powerful features the app never uses stay off, so injected or embedded code can't ask for the camera, microphone, location, payment and the rest.
  'permissions-policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), hid=(), identity-credentials-get=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()',
  // Names the endpoint the policy's `report-to` sends violations to (`cspReportGroup` and `cspReportPath` in csp.ts).
  'reporting-endpoints': 'csp="/api/csp-report"',
};

/**
 * Once seen over HTTPS, the browser uses HTTPS for this host for a year, so no one on the
 * network can downgrade a later visit to plain HTTP. Sent only on HTTPS responses, where
 * browsers honour it (RFC 6797); `includeSubDomains` assumes every subdomain serves HTTPS.
 */
export const hsts = 'max-age=31536000; includeSubDomains';

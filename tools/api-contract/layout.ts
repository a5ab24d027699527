/** Where this app keeps what the catalogue lists, and the specs that prove each entry. */
export const layout = {
  /** Route files: Nitro scans them. */
  routesDir: 'src/server/routes',
  /** Pages: Analog's router serves them. */
  pagesDir: 'src/app/pages',
  /** Where each kind's tests live: server specs over HTTP, e2e specs in Chromium. */
  testDirs: { api: 'test/server', page: 'e2e' },
} as const;

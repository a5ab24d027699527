import { createNonce } from '../../../modules/security';

/**
 * A page to keep: one whose HTML depends only on its URL. `dependsOn` names the API path whose
 * writes change it: any POST, PUT, PATCH or DELETE under it drops the page here, and `maxAge` (ms)
 * bounds what a write in ANOTHER process (a cluster worker, a second server on the same database)
 * leaves stale. Pages that read or set cookies or the session don't belong here, and a render
 * that sets a cookie is never stored anyway. See docs/page-cache.md.
 */
export interface CachedPage {
  dependsOn?: string;
  maxAge?: number;
}

/** The pages kept, by path: none until the Nitro plugin passes runtimeConfig `cachedPages`. */
let cachedPages = new Map<string, CachedPage>();

/** Distinct URLs kept (`/search?q=…` makes one per query); the least recently served go first. */
const maxEntries = 200;

/**
 * A page as rendered, split at its nonce: `parts.join('nonce="<fresh nonce>"')` is the page again,
 * so the one place a nonce goes back in is a `nonce` attribute the render wrote. The render's own
 * nonce was random and unknown to anyone until its response left, so no text from data holds it.
 */
interface Entry {
  parts: string[];
  /** Rendered with a nonce (the security module is on), so each response needs a fresh one. */
  nonced: boolean;
  storedAt: number;
  maxAge: number;
}

const entries = new Map<string, Entry>();
/** Counts the writes to each `dependsOn` path; a render that saw an older count is not stored. */
const generations = new Map<string, number>();
/** The renders under way, by URL: each settles once its response has been sent. */
const renders = new Map<string, Promise<void>>();

/** Keeps `pages` from now on; the Nitro plugin calls it at start unless `PAGE_CACHE=false`. */
export function enablePageCache(pages: Record<string, CachedPage>): void {
  cachedPages = new Map(Object.entries(pages));
}

/** The page `url` (a path and query) is, if it is cached; runs for every GET, so no URL parsing. */
const pageOf = (url: string) => {
  const query = url.indexOf('?');
  return cachedPages.get(query === -1 ? url : url.slice(0, query));
};

/** The generation of the data `url` depends on, read before its render starts. */
export function pageGeneration(url: string): number | undefined {
  const page = pageOf(url);
  return page ? (generations.get(page.dependsOn ?? '') ?? 0) : undefined;
}

/** The cached page for `url` with a fresh nonce in its `nonce` attributes, or `undefined`. */
export function cachedPage(url: string, now = Date.now()): { html: string; nonce?: string } | undefined {
  const entry = entries.get(url);
  if (!entry) return undefined;
  entries.delete(url);
  if (now - entry.storedAt > entry.maxAge) return undefined;
  entries.set(url, entry);
  if (!entry.nonced) return { html: entry.parts[0]! };
  const nonce = createNonce();
  return { html: entry.parts.join(`nonce="${nonce}"`), nonce };
}

/**
 * The render of `url` another request has under way, if any. A miss waits for it and is then
 * served from the cache, instead of rendering the same page again: when a page expires under
 * load, every request in flight misses at once, and each rendering it would cost the CPU of
 * dozens of renders where one does. If that render was not stored (a cookie, an error, a write
 * meanwhile), the waiting requests render the page themselves.
 */
export function renderUnderWay(url: string): Promise<void> | undefined {
  return renders.get(url);
}

/** Notes that this request renders `url`; call the function it returns once its response is sent. */
export function beginRender(url: string): () => void {
  let settle!: () => void;
  const render = new Promise<void>((resolve) => (settle = resolve));
  renders.set(url, render);
  return () => {
    if (renders.get(url) === render) renders.delete(url);
    settle();
  };
}

/**
 * Keeps the HTML rendered for `url` with `nonce`, unless the data it depends on changed since its
 * render began (`generation`) or the nonce also stands anywhere but in a `nonce` attribute.
 */
export function storePage(url: string, html: string, nonce: string | undefined, generation: number): void {
  const page = pageOf(url);
  if (!page || generation !== (generations.get(page.dependsOn ?? '') ?? 0)) return;
  const parts = nonce === undefined ? [html] : html.split(`nonce="${nonce}"`);
  if (nonce !== undefined && parts.some((part) => part.includes(nonce))) return;
  entries.set(url, {
    parts,
    nonced: nonce !== undefined,
    storedAt: Date.now(),
    maxAge: page.maxAge ?? Infinity,
  });
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
}

/** Drops every page that depends on the API path `path` is under; call it for each write request. */
export function invalidatePagesFor(path: string): void {
  for (const { dependsOn } of cachedPages.values()) {
    if (!dependsOn || (path !== dependsOn && !path.startsWith(`${dependsOn}/`))) continue;
    generations.set(dependsOn, (generations.get(dependsOn) ?? 0) + 1);
    for (const url of entries.keys()) if (pageOf(url)?.dependsOn === dependsOn) entries.delete(url);
  }
}

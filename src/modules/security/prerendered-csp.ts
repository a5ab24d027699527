import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NestedHooks } from 'hookable';
import type { Nitro, NitroHooks, PrerenderRoute } from 'nitropack';
import { type DefaultTreeAdapterTypes as Tree, parse } from 'parse5';

import { hashPolicy } from './runtime/csp.ts';
import { documentHeaders, hsts, resourceHeaders } from './runtime/headers.ts';

const nonceAttributes = new Set(['nonce', 'ngcspnonce']);
const executableScript = /^(|module|importmap|(text|application)\/(java|ecma)script)$/i;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function* elements(node: Tree.ParentNode): Generator<Tree.Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    yield child;
    yield* elements('content' in child ? child.content : child);
  }
}

const attribute = (element: Tree.Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

const text = (element: Tree.Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/**
 * A prerendered page is one file for every visitor, so a nonce in it would be public. This
 * removes the build's nonce (`nonce` and `ngCspNonce` attributes), and returns the page with
 * the policy that allows exactly its inline scripts and styles by their SHA-256 hashes.
 */
export function hashPolicyFor(html: string): { html: string; policy: string } {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const scripts: string[] = [];
  const styles: string[] = [];
  const cuts: { start: number; end: number }[] = [];
  for (const element of elements(document)) {
    for (const attr of element.attrs) {
      const location = element.sourceCodeLocation?.attrs?.[attr.name];
      if (nonceAttributes.has(attr.name) && location)
        cuts.push({ start: location.startOffset, end: location.endOffset });
    }
    if (element.tagName === 'style') styles.push(sha256(text(element)));
    const inline = attribute(element, 'src') === undefined;
    const executable = executableScript.test((attribute(element, 'type') ?? '').trim());
    if (element.tagName === 'script' && inline && executable) scripts.push(sha256(text(element)));
  }
  let stripped = html;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) {
    // Take the attribute and the one space before it.
    stripped = stripped.slice(0, start - 1) + stripped.slice(end);
  }
  return { html: stripped, policy: hashPolicy([...new Set(scripts)], [...new Set(styles)]) };
}

const titleCase = (name: string) => name.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase());

/** Netlify and Cloudflare Pages `_headers` syntax: a path, then indented `Name: value` lines. */
function headersBlock(path: string, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${titleCase(name)}: ${value}`);
  return [path, ...lines].join('\n');
}

/**
 * Gives every prerendered HTML page a hash-based Content-Security-Policy. The Node server sends it, with the
 * page headers, from the page's route rule `headers` (over the resource set of `/**`); `public/_headers`
 * carries the same for static hosts that read it (Netlify, Cloudflare Pages). Hooks for the build's Nitro.
 */
export function prerenderedCsp(): NestedHooks<NitroHooks> {
  const pages = new Map<string, string>();
  let publicDir: string | undefined;
  return {
    'prerender:generate': (route: PrerenderRoute, nitro: Nitro) => {
      publicDir = nitro.options.output.publicDir;
      if (route.error || !route.contentType?.includes('text/html') || !route.contents) return;
      const { html, policy } = hashPolicyFor(route.contents);
      route.contents = html;
      for (const path of new Set([route.route, `/${route.fileName?.replace(/^\//, '')}`])) {
        const rule = nitro.options.routeRules[path];
        const headers = { ...rule?.headers, ...documentHeaders, 'content-security-policy': policy };
        nitro.options.routeRules[path] = { ...rule, headers };
        pages.set(path, policy);
      }
    },
    'prerender:done': async () => {
      if (!publicDir) return;
      // CSP is left out of `/*`: hosts join the values of every matching rule, and two
      // policies both apply, so a page would also get the strict one meant for files.
      const everywhere = Object.fromEntries(
        Object.entries(resourceHeaders).filter(([name]) => name !== 'content-security-policy'),
      );
      const blocks = [headersBlock('/*', { ...everywhere, 'strict-transport-security': hsts })];
      for (const [path, policy] of pages) {
        blocks.push(headersBlock(path, { ...documentHeaders, 'content-security-policy': policy }));
      }
      await writeFile(join(publicDir, '_headers'), `${blocks.join('\n')}\n`);
    },
  };
}

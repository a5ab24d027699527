import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The page as the network delivered it: each chunk's text, in order of arrival. */
async function chunksOf(path: string, userAgent: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': userAgent } });
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  const chunks: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(decoder.decode(read.value, { stream: true }));
  }
  return { response, chunks, html: chunks.join('') };
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

/** Each `<script>`, `<style>` and stylesheet or preload `<link>` start tag that a browser would run or apply. */
const executableTags = (html: string) => [
  ...[...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !tag.includes('application/json')),
  ...[...html.matchAll(/<style\b[^>]*>/g)].map(([tag]) => tag),
  ...[...html.matchAll(/<link\b[^>]*rel="(?:modulepreload|stylesheet)"[^>]*>/g)].map(([tag]) => tag),
];

const slowContent = 'Purchase price';

describe('PAGE /dashboard (streamed)', () => {
  it('sends its head, with the nonce on every tag, in an earlier chunk than the slow content', async () => {
    const { response, chunks } = await chunksOf('/dashboard', browser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const nonce = nonceOf(response);
    expect(nonce).toBeTruthy();

    const head = chunks.findIndex((chunk) => chunk.includes('<head>'));
    const slow = chunks.findIndex((chunk) => chunk.includes(slowContent));
    expect(head).toBe(0);
    expect(slow).toBeGreaterThan(head);
    // The first chunk is the head and the empty region the rest is rendered into: nothing of the page yet.
    const first = chunks[0]!;
    expect(first).toMatch(/<\/head>\s*<body>[\s\S]*<div data-analog-stream><\/div>$/);
    expect(first).not.toContain('<h1>');
    expect(first).not.toContain(slowContent);
    // The stylesheet, entry script and renderStream's runtime script, all with this response's nonce.
    const tags = executableTags(first);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('ends as the complete page: its title, its data, and a nonce on every script and style', async () => {
    const { response, html } = await chunksOf('/dashboard', browser);
    const nonce = nonceOf(response);
    expect(html).toMatch(/<\/body><\/html>$/);
    expect(html).toContain('<title>Dashboard · Analog API routes</title>');
    expect(html).toContain('<h1>Dashboard</h1>');
    expect(html).toMatch(/Analog Notebook<\/td><td>\$12\.50<\/td><td>\$7\.50<\/td>/);
    expect(html).toContain(`ngcspnonce="${nonce}"`);
    expect(html).not.toContain('CSP_NONCE_PLACEHOLDER');
    const tags = executableTags(html);
    // Head tags, the stream's three scripts, Angular's event-replay script and component styles.
    expect(tags.length).toBeGreaterThanOrEqual(6);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('sends the document headers and its policy with the first byte', async () => {
    const { response } = await chunksOf('/dashboard', browser);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; script-src-attr 'none'/,
    );
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'reporting-endpoints': 'csp="/api/csp-report"',
    });
  });

  it('gives each response its own nonce', async () => {
    const [first, second] = await Promise.all([
      chunksOf('/dashboard', browser),
      chunksOf('/dashboard', browser),
    ]);
    expect(nonceOf(first.response)).not.toBe(nonceOf(second.response));
  });

  it('renders the whole page before sending it to a crawler, which may not run the stream’s scripts', async () => {
    const { response, html } = await chunksOf('/dashboard', crawler);
    expect(response.status).toBe(200);
    expect(html).not.toContain('data-analog-stream');
    expect(html).toMatch(/<head>[\s\S]*<title>Dashboard · Analog API routes<\/title>[\s\S]*<\/head>/);
    expect(html).toContain(slowContent);
    for (const tag of executableTags(html)) expect(tag).toContain(`nonce="${nonceOf(response)}"`);
  });
});

describe('pages not listed as streamed', () => {
  it('still render whole, with a content length', async () => {
    const { response, chunks } = await chunksOf('/cookies', browser);
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(chunks.join('')).not.toContain('data-analog-stream');
  });
});

import { describe, expect, inject, it } from 'vitest';

import { signUp } from '../support/sessions';

const baseUrl = inject('baseUrl');

describe.each(['/cookies', '/api/_analog/pages/cookies'])('PAGE /cookies (%s)', (path) => {
  it('names the session cookie without its value, and shows a cookie the browser set itself', async () => {
    const session = await signUp(baseUrl);
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { cookie: `${session}; products=products-value-4f2a9c01; flavour=oatmeal` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('session');
    expect(text).not.toContain(session.slice('session='.length));
    expect(text).toContain('products');
    expect(text).not.toContain('products-value-4f2a9c01');
    expect(text).toContain('oatmeal');
  });

  it('is served with Cache-Control: private, no-store', async () => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: 'flavour=oatmeal' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('PAGE /cookies with a thousand cookies', () => {
  // About 9 KB: what Node's 16 KB of request headers hold, and twenty times what the page lists.
  const cookie = Array.from({ length: 1_000 }, (_, n) => `c${n}=${n}`).join('; ');

  it('lists the first 50 and says how many more it left out', async () => {
    const response = await fetch(`${baseUrl}/cookies`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/<tr>/g)).toHaveLength(1 + 50);
    expect(html).toContain('<td>c49</td>');
    expect(html).not.toContain('<td>c50</td>');
    expect(html).toContain('And 950 more, not listed.');
  });

  it('answers its loader with the same 50 and the count', async () => {
    const response = await fetch(`${baseUrl}/api/_analog/pages/cookies`, { headers: { cookie } });
    const body = (await response.json()) as { cookies: { name: string }[]; unlisted: number };
    expect(body.cookies).toHaveLength(50);
    expect(body.unlisted).toBe(950);
  });
});

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

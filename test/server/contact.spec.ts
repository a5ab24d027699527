import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const url = `${baseUrl}/api/v1/contact`;
const valid = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

describe('POST /api/v1/contact', () => {
  it('accepts JSON and defaults the topic to general', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(valid),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ ok: true, topic: 'general' });
  });

  it('accepts a URL-encoded form with a topic', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ ...valid, topic: 'press' }),
    });
    expect(await response.json()).toEqual({ ok: true, topic: 'press' });
  });

  it('accepts a multipart form', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, topic: 'support' })) form.append(key, value);
    const response = await fetch(url, { method: 'POST', body: form });
    expect(await response.json()).toEqual({ ok: true, topic: 'support' });
  });

  it('rejects invalid fields with 422 and issues whose paths name the fields', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ name: '', email: 'not-an-email', topic: 'gossip' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as { path: string[] }[];
    expect(issues.map((issue) => issue.path[0]).sort()).toEqual(['email', 'message', 'name', 'topic']);
  });

  it('redirects a browser form post without JavaScript back to the page with ?sent=1', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams(valid),
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact?sent=1');
  });

  it('redirects a multipart browser form post however its type is spelled', async () => {
    const boundary = 'x-boundary-contact';
    const body = Object.entries(valid)
      .map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const response = await fetch(url, {
      method: 'POST',
      body: `${body}--${boundary}--\r\n`,
      headers: { accept: 'text/html', 'content-type': `Multipart/Form-Data; boundary=${boundary}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact?sent=1');
  });

  it('redirects an invalid browser form post back with one error per field', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ ...valid, email: 'nope' }),
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('x-analog-errors')).toBeNull();
    const location = new URL(response.headers.get('location') ?? '', baseUrl);
    expect(location.pathname).toBe('/contact');
    expect(location.searchParams.get('error.email')).toBe('email-invalid');
  });

  it('redirects with codes, never message text, and `invalid` for a refusal the page has no message for', async () => {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ email: valid.email, message: 'x'.repeat(2001), topic: 'gossip' }),
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '', baseUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      'error.name': 'invalid',
      'error.message': 'message-too-long',
      'error.topic': 'topic-unknown',
    });
  });

  it.each(['multipart/form-data', 'Multipart/Form-Data; charset=utf-8', 'multipart/form-data; boundary='])(
    'answers 400 JSON to a %s body without a boundary',
    async (contentType) => {
      const response = await fetch(url, {
        method: 'POST',
        body: 'name=Ada&email=ada@example.com&message=Hello',
        headers: { 'content-type': contentType, accept: 'text/html' },
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        message: 'A multipart/form-data body needs a boundary parameter in its Content-Type',
      });
    },
  );
});

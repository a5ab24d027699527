import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/hello', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with the JSON greeting', async (method) => {
    const response = await fetch(`${baseUrl}/api/v1/hello`, { method });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Hello World' });
  });
});

describe('ANY /api/v1/hello/:name', () => {
  it('greets the name from event.context.params as plain text', async () => {
    const response = await fetch(`${baseUrl}/api/v1/hello/Ada`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello Ada!');
  });

  it('decodes the segment and serves markup as inert text, never HTML', async () => {
    const response = await fetch(`${baseUrl}/api/v1/hello/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello <script>alert(1)</script>!');
  });

  it('answers malformed percent-encoding with a JSON 400', async () => {
    const response = await fetch(`${baseUrl}/api/v1/hello/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

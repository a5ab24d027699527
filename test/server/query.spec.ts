import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/query', () => {
  it('reads query parameters, with repeated names as arrays', async () => {
    const response = await fetch(`${baseUrl}/api/v1/query?param1=Analog&param2=Angular&tag=a&tag=b`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      message: 'Hello, Analog and Angular!',
      query: { param1: 'Analog', param2: 'Angular', tag: ['a', 'b'] },
    });
  });

  it('survives invalid percent-encoding and __proto__ keys', async () => {
    const response = await fetch(`${baseUrl}/api/v1/query?param1=%E0%A4%A&__proto__=x&constructor=y`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { query: Record<string, unknown> };
    expect(Object.keys(body.query)).toEqual(['param1']);
  });
});

import { describe, expect, it } from 'vitest';

import { readHeader } from './header';

describe('readHeader', () => {
  it('splits line 1 into pattern and use, and line 2 into method, URL and example query', () => {
    const text = '/** Validated query: coerces the query. */\n// GET /api/v1/search?q=an\n';
    expect(readHeader('search.get.ts', text)).toEqual({
      pattern: 'Validated query',
      when: 'coerces the query.',
      method: 'GET',
      url: '/api/v1/search',
      query: '?q=an',
    });
  });

  it('names the file whose header is malformed', () => {
    expect(() => readHeader('a.ts', "import { x } from 'h3';\n")).toThrow(/^a\.ts: line 1/);
    expect(() => readHeader('b.page.ts', '/** A: b */\n// GOT /b\n')).toThrow(/^b\.page\.ts: line 2/);
  });
});

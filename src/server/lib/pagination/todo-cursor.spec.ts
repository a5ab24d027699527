import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { encodeTodoCursor, todoCursor, todoPageQuery } from './todo-cursor';

describe('todoCursor', () => {
  it('decodes every cursor the route encodes to the same sort key, as the codec encodes it', () => {
    const key = fc.tuple(
      fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') })
        .map((date) => date.toISOString()),
      fc.uuid(),
    );
    fc.assert(
      fc.property(key, (sortKey) => {
        const cursor = encodeTodoCursor(sortKey);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(todoCursor.encode(sortKey)).toBe(cursor);
        expect(todoCursor.parse(cursor)).toEqual(sortKey);
      }),
    );
  });

  it('refuses any other text with an issue, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = todoCursor.safeParse(text);
        if (result.success) expect(todoCursor.encode(result.data)).toBe(text);
        else expect(result.error.issues.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('todoPageQuery', () => {
  it('defaults to 20 todos from the newest, and takes 1 to 100', () => {
    expect(todoPageQuery.parse({})).toEqual({ limit: 20 });
    expect(todoPageQuery.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '1.5', 'ten', ''])
      expect(todoPageQuery.safeParse({ limit }).success, limit).toBe(false);
  });
});

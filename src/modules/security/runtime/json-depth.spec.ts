import { describe, expect, it } from 'vitest';

import { isNestedDeeperThan } from './json-depth';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isNestedDeeperThan', () => {
  it('passes JSON nested exactly to the limit, and refuses one level more', () => {
    expect(isNestedDeeperThan(bytes(`${'['.repeat(64)}${']'.repeat(64)}`))).toBe(false);
    expect(isNestedDeeperThan(bytes(`${'['.repeat(65)}${']'.repeat(65)}`))).toBe(true);
  });

  it('counts objects and arrays alike, and closes levels as they end', () => {
    expect(isNestedDeeperThan(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(isNestedDeeperThan(bytes('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(isNestedDeeperThan(bytes('[[1],[2],[3],[4],[5]]'), 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isNestedDeeperThan(bytes(JSON.stringify({ title: '[[[[{{{{' })), 1)).toBe(false);
    expect(isNestedDeeperThan(bytes(JSON.stringify({ title: 'a "quoted" [[[[' })), 1)).toBe(false);
    expect(isNestedDeeperThan(bytes(JSON.stringify({ title: 'ends in \\', more: [[1]] })), 2)).toBe(true);
  });

  it('stops at the first level too deep in an unbalanced flood', () => {
    expect(isNestedDeeperThan(bytes('['.repeat(500_000)))).toBe(true);
  });
});

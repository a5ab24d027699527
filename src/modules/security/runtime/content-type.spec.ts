import { describe, expect, it } from 'vitest';

import { mediaType } from './content-type';

describe('mediaType', () => {
  it.each([
    ['Multipart/Form-Data; boundary=x', 'multipart/form-data'],
    [' Application/X-WWW-Form-Urlencoded ;charset=UTF-8', 'application/x-www-form-urlencoded'],
    ['TEXT/PLAIN', 'text/plain'],
    ['', ''],
    [undefined, ''],
  ])('reads %j as %j', (header, type) => {
    expect(mediaType(header)).toBe(type);
  });
});

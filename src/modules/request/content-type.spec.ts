import { describe, expect, it } from 'vitest';

import { isMultipartWithoutBoundary, mediaType } from './content-type';

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

describe('isMultipartWithoutBoundary', () => {
  it.each([
    'multipart/form-data',
    'Multipart/Form-Data; charset=utf-8',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    'multipart/form-data; xboundary=abc',
  ])('is true for %j', (header) => {
    expect(isMultipartWithoutBoundary(header)).toBe(true);
  });

  it.each([
    'multipart/form-data; boundary=abc',
    'Multipart/Form-Data;BOUNDARY="a b c"',
    'multipart/form-data; charset=utf-8; boundary=----WebKitFormBoundary7MA4YWxk',
    'application/x-www-form-urlencoded',
    'application/json',
    undefined,
  ])('is false for %j', (header) => {
    expect(isMultipartWithoutBoundary(header)).toBe(false);
  });
});

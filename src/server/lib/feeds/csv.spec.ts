import { describe, expect, it } from 'vitest';

import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers bare', () => {
    expect(csvField('Vite Hoodie')).toBe('Vite Hoodie');
    expect(csvField(-4.25)).toBe('-4.25');
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'defuses the spreadsheet formula %j with a leading apostrophe',
    (formula) => {
      const field = csvField(formula);
      expect(field.replace(/^"/, '')).toMatch(/^'/);
    },
  );
});

describe('toCsv', () => {
  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['id', 'name'],
        [1, 'a,b'],
      ]),
    ).toBe('id,name\r\n1,"a,b"\r\n');
  });
});

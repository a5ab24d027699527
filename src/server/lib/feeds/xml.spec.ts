import { describe, expect, it } from 'vitest';

import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('turns the five markup characters into entities', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('replaces characters XML 1.0 cannot hold, and keeps tabs, line breaks and emoji', () => {
    expect(escapeXml('bell\u0007 nul\u0000 lone\uD800 end\uFFFF')).toBe(
      'bell\uFFFD nul\uFFFD lone\uFFFD end\uFFFD',
    );
    expect(escapeXml('tab\tline\r\nrocket 🚀')).toBe('tab\tline\r\nrocket 🚀');
  });
});

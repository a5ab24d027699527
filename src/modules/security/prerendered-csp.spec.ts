import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { hashPolicyFor } from './prerendered-csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const page = `<!DOCTYPE html><html><head>
<meta property="csp-nonce" nonce="abc+/=">
<script type="module" src="/assets/index.js" nonce="abc+/="></script>
<style nonce="abc+/=">main{color:red}</style>
</head><body><app-root ngcspnonce="abc+/=">Hi</app-root>
<script type="text/javascript" id="ng-event-dispatch-contract" nonce="abc+/=">window.a=1;</script>
<script nonce="abc+/=">window.__jsaction_bootstrap(document.body,"ng",["click"],[]);</script>
<script id="ng-state" type="application/json">{"a":1}</script>
<template><script>window.t=1</script></template>
</body></html>`;

describe('hashPolicyFor', () => {
  const { html, policy } = hashPolicyFor(page);

  it('removes the build-time nonce from every element', () => {
    expect(html).not.toMatch(/nonce=/i);
    expect(html).toContain('<app-root>Hi</app-root>');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('lists each inline executable script and style by hash, and no JSON data block', () => {
    const scripts = [
      sha('window.a=1;'),
      sha('window.__jsaction_bootstrap(document.body,"ng",["click"],[]);'),
      sha('window.t=1'),
    ];
    expect(policy).toContain(`script-src 'self' ${scripts.join(' ')};`);
    expect(policy).toContain(`style-src 'self' ${sha('main{color:red}')};`);
    expect(policy).not.toContain(sha('{"a":1}'));
  });

  it('changes nothing else in the page', () => {
    expect(html.replace(/\s+/g, '')).toBe(
      page.replace(/ (nonce|ngcspnonce)="abc\+\/="/g, '').replace(/\s+/g, ''),
    );
  });
});

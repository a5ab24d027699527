import { describe, expect, it } from 'vitest';

import {
  beginRender,
  cachedPage,
  enablePageCache,
  pageGeneration,
  renderUnderWay,
  storePage,
} from './page-cache';

enablePageCache({ '/search': {}, '/contact': {} });

const rendered = (nonce: string) => `<script nonce="${nonce}"></script><p>Search</p>`;

describe('page cache: concurrent misses', () => {
  it('lets a miss wait for the render under way, then serves that render with a fresh nonce', async () => {
    const url = '/search?q=wait';
    expect(renderUnderWay(url)).toBeUndefined();
    const generation = pageGeneration(url)!;
    const finish = beginRender(url);

    const waiting = renderUnderWay(url);
    expect(waiting).toBeInstanceOf(Promise);
    expect(cachedPage(url)).toBeUndefined();

    storePage(url, rendered('first-render-nonce'), 'first-render-nonce', generation);
    finish();
    await waiting;

    expect(renderUnderWay(url)).toBeUndefined();
    const page = cachedPage(url)!;
    expect(page.nonce).toBeTruthy();
    expect(page.html).toBe(rendered(page.nonce!));
  });

  it('leaves the next miss to render when the render under way was not stored', async () => {
    const url = '/contact?not-stored';
    const finish = beginRender(url);
    const waiting = renderUnderWay(url);
    finish();
    await waiting;
    expect(renderUnderWay(url)).toBeUndefined();
    expect(cachedPage(url)).toBeUndefined();
  });

  it('keeps a later render of the URL under way when an earlier one finishes', () => {
    const url = '/search?q=twice';
    const finishFirst = beginRender(url);
    const finishSecond = beginRender(url);
    const second = renderUnderWay(url);
    finishFirst();
    expect(renderUnderWay(url)).toBe(second);
    finishSecond();
    expect(renderUnderWay(url)).toBeUndefined();
  });
});

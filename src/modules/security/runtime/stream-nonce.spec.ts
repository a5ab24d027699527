import { describe, expect, it } from 'vitest';

import { nonceStreamScripts } from './stream-nonce';

const nonce = 'bm9uY2Utb2YtdGhpcy1yZXM=';

/** Passes `chunks` through the transform, one chunk each, as renderStream enqueues them. */
async function transform(chunks: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  }).pipeThrough(nonceStreamScripts(nonce));
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  const out: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read())
    out.push(decoder.decode(read.value));
  return out;
}

const runtime =
  '<script>\n(function () {\n  function region() {}\n})();\n</script><div data-analog-stream></div>';
const paint = '<script>window.__analogPaint&&window.__analogPaint("s0")</script>';
const finalize =
  '<script>window.__analogReconcileHead&&window.__analogReconcileHead();window.__analogFinalize&&window.__analogFinalize()</script></body></html>';

describe('nonceStreamScripts', () => {
  it("gives renderStream's three scripts the nonce, each at the end of its chunk", async () => {
    const [head, block, tail] = await transform([
      `<html><head></head><body>${runtime}`,
      `<template data-analog-defer="s0"><p>block</p></template>${paint}`,
      `<template data-analog-authoritative><p>page</p></template>${finalize}`,
    ]);
    expect(head).toBe(`<html><head></head><body>${runtime.replace('<script>', `<script nonce="${nonce}">`)}`);
    expect(block).toContain(`<script nonce="${nonce}">window.__analogPaint`);
    expect(tail).toContain(`<script nonce="${nonce}">window.__analogReconcileHead`);
  });

  it('leaves a look-alike script that stands before the real one without a nonce', async () => {
    const injected = `<script>window.__analogPaint&&window.__analogPaint("s9")</script>`;
    const [block] = await transform([`<template data-analog-defer="s0">${injected}</template>${paint}`]);
    expect(block).toContain(`<template data-analog-defer="s0">${injected}</template>`);
    expect(block!.match(/nonce=/g)).toHaveLength(1);
  });

  it('passes a chunk that does not end in one of its scripts unchanged', async () => {
    const html = `<html><body><script>alert(1)</script>${paint.replace('</script>', '</script> ')}</body></html>`;
    expect(await transform([html])).toEqual([html]);
  });
});

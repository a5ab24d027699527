/**
 * Private API (checked against @analogjs/router@2.7.2): the inline scripts `renderStream` writes,
 * without a nonce, each at the end of one chunk it enqueues — its client runtime at the end of the
 * head chunk, `__analogPaint("s0")` after each streamed `@defer` block, the head-and-body swap at
 * the end of the document. Anchored to the chunk's end, so markup rendered from data, which
 * always stands before these scripts, can never match.
 */
const streamScripts = [
  /<script>(?=\n\(function \(\) \{\n {2}function region\(\)[\s\S]*<\/script><div data-analog-stream><\/div>$)/,
  /<script>(?=window\.__analogPaint&&window\.__analogPaint\("s\d+"\)<\/script>$)/,
  /<script>(?=window\.__analogReconcileHead&&window\.__analogReconcileHead\(\);window\.__analogFinalize&&window\.__analogFinalize\(\)<\/script><\/body><\/html>$)/,
];

/**
 * Gives `renderStream`'s own inline scripts this response's nonce, chunk by chunk as they pass.
 * If Analog changes them, they pass unchanged: the page's policy then blocks them (it fails closed).
 */
export function nonceStreamScripts(nonce: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return new TransformStream({
    transform(chunk, controller) {
      let html = decoder.decode(chunk);
      for (const script of streamScripts) html = html.replace(script, `<script nonce="${nonce}">`);
      controller.enqueue(encoder.encode(html));
    },
  });
}

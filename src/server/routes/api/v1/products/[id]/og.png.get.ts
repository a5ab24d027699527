/** Generated image: a picture drawn from data (an Open Graph card), rendered once per version, sent as bytes with an ETag. */
// GET /api/v1/products/:id/og.png
// Access: anyone. Limits: None needed: catalogue products only, each version rendered once per process.
// 200 image/png: The 1200×630 PNG. 304: Not modified: `If-None-Match` named the current ETag.
import { defineApiRoute } from '#server-actions';
import { handleCacheHeaders, removeResponseHeader, send } from 'h3';
import { z } from 'zod';

import { ogImageCacheControls, ogImagePng, ogImageVersion } from '../../../../../lib/og-images';
import { requireProduct } from '../../../../../../shared/products';

export default defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ v: z.string().max(64).optional() }),
  handler: async ({ params, query, event }) => {
    const product = requireProduct(params.id);
    const etag = `"og-${ogImageVersion(product)}"`;
    if (handleCacheHeaders(event, { etag, cacheControls: ogImageCacheControls(product, query.v) })) return;
    const png = await ogImagePng(product).catch((error: unknown) => {
      removeResponseHeader(event, 'cache-control'); // a failed render is no year-long answer
      throw error;
    });
    return send(event, png, 'image/png');
  },
});

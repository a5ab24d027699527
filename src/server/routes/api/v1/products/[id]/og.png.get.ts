/** Generated image: a picture drawn from data (an Open Graph card), rendered once per version, sent as bytes with an ETag. */
// GET /api/v1/products/:id/og.png
import { defineApiRoute } from '#server-actions';
import { handleCacheHeaders, removeResponseHeader, send } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { ogImageCacheControls, ogImagePng, ogImageVersion } from '../../../../../lib/og-images';
import { requireProduct } from '../../../../../../shared/products';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: catalogue products only, each version rendered once per process.',
    responses: {
      200: { description: 'The 1200×630 PNG.', content: { 'image/png': {} } },
      304: { description: 'Not modified: `If-None-Match` named the current ETag.' },
      404: { description: 'No product has the id.' },
    },
  },
});

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

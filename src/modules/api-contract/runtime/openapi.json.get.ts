/** Cached document: the OpenAPI 3.1 description of every route, built once at start, with an ETag. */
// GET /api/openapi.json
// Access: anyone. Limits: None needed: built once at start, answered with an ETag.
// 200: This document. 304: Not modified: `If-None-Match` named the current ETag.
import { defineEventHandler, handleCacheHeaders, setResponseHeader } from 'h3';

import { openApiDocument } from './document.ts';

export default defineEventHandler(async (event) => {
  const { body, etag } = await openApiDocument();
  setResponseHeader(event, 'content-type', 'application/json; charset=utf-8');
  // A matching If-None-Match is answered here with 304 and no body; h3 then sends nothing more.
  handleCacheHeaders(event, { etag, cacheControls: ['no-cache'] });
  return body;
});

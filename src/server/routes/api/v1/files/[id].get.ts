/** Owner-only download: the sniffed type, nosniff, an encoded file name, and a sandbox for non-images. */
// GET /api/v1/files/:id
// Access: owner. Limits: Files are private to their owner; no shared or browser cache keeps them.
// 200 image/png image/jpeg image/gif image/webp application/pdf: The stored bytes, in the type they were sniffed as.
import { defineEventHandler, getRouterParam } from 'h3';

import { requireOwnFile, sendStoredFile } from '../../../../lib/uploads';

export default defineEventHandler(async (event) =>
  sendStoredFile(event, await requireOwnFile(event, getRouterParam(event, 'id'))),
);

/** Owner-only download: the sniffed type, nosniff, an encoded file name, and a sandbox for non-images. */
// GET /api/v1/files/:id
import { defineEventHandler, getRouterParam } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireOwnFile, sendStoredFile } from '../../../../lib/uploads';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'owner',
    'x-limits': 'Files are private to their owner; no shared or browser cache keeps them.',
    responses: {
      200: {
        description: 'The stored bytes, in the type they were sniffed as.',
        content: {
          'image/png': {},
          'image/jpeg': {},
          'image/gif': {},
          'image/webp': {},
          'application/pdf': {},
        },
      },
      401: { description: 'No valid session.' },
      403: { description: "Someone else's file." },
      404: { description: 'No file has the id.' },
    },
  },
});

export default defineEventHandler(async (event) =>
  sendStoredFile(event, await requireOwnFile(event, getRouterParam(event, 'id'))),
);

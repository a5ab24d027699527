/** Safe download: the sniffed type, nosniff, an encoded file name, and a sandbox for non-images. */
// GET /api/v1/files/:id
import { defineEventHandler, getRouterParam } from 'h3';

import { downloadOperation, requireStoredFile, sendStoredFile } from '../../../../lib/uploads';
import { defineRouteMeta } from 'nitropack/runtime';

/** The binary answer, which the generated document would otherwise call JSON: see `downloadOperation`. */
defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it reads one stored file.',
    responses: {
      200: { description: 'The stored bytes, in the type they were sniffed as.' },
      404: { description: 'No file has the id.' },
    },
  },
});

export const openApi = downloadOperation;

export default defineEventHandler(async (event) =>
  sendStoredFile(event, await requireStoredFile(getRouterParam(event, 'id'))),
);

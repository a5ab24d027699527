/** Streamed upload: multipart read as it arrives, capped per file, typed by its bytes, stored under a new id. */
// POST /api/v1/files
import { defineEventHandler, setResponseStatus } from 'h3';

import { receiveUpload, uploadOperation } from '../../../lib/uploads';
import { defineRouteMeta } from 'nitropack/runtime';

/** The multipart body and the 413, 415 and 400 that no schema of this file states: see `uploadOperation`. */
defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'Each file ≤ 5 MiB, refused while it streams in; no quota or rate limit yet.',
    responses: {
      201: { description: 'Stored: the file record.' },
      400: { description: 'A malformed or cut-off multipart body; nothing was stored.' },
      413: { description: 'The file is over 5 MiB; refused while it streams in.' },
      415: { description: 'Not multipart, or bytes that are not an allowed type.' },
      422: { description: 'No part named `file`.' },
    },
  },
});

export const openApi = uploadOperation;

export default defineEventHandler(async (event) => {
  const file = await receiveUpload(event);
  setResponseStatus(event, 201, 'Created');
  return file;
});

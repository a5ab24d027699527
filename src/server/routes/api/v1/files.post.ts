/** Owned, streamed upload: a signed-in account's file, rate-limited, reserved in its quota, capped and typed by its bytes. */
// POST /api/v1/files
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { receiveUpload, requireUploader, storedFileOutput, uploadRequestBody } from '../../../lib/uploads';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits':
      'File ≤ 5 MiB; by default 20 files and 50 MiB per account, 60 uploads per 10 min per account and address, 10 MiB being written per account.',
    responses: {
      201: { description: 'Stored: the file record, its type the one its bytes proved.' },
      400: {
        description: 'No boundary, a malformed or cut-off body, or no part named `file`; nothing stored.',
      },
      401: { description: 'No valid session.' },
      413: { description: 'The file is over 5 MiB (refused while it streams in), or the quota is full.' },
      415: { description: 'Not multipart/form-data, or bytes that are not a PNG, JPEG, WebP, GIF or PDF.' },
      429: {
        description: 'Too many uploads from this account or address, or too many at once; see `Retry-After`.',
      },
      503: { description: 'The server is writing all the uploads it allows at once; see `Retry-After`.' },
    },
  },
});

// The multipart body, described where it is read (lib/uploads).
export const openApi = uploadRequestBody;

export const route = defineServerRoute({
  output: storedFileOutput,
  handler: async ({ event }) => {
    const owner = await requireUploader(event);
    const file = await receiveUpload(event, owner.id);
    setResponseStatus(event, 201, 'Created');
    return file;
  },
});

export default route;

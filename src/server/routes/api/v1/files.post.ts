/** Owned, streamed upload: a signed-in account's file, rate-limited, reserved in its quota, capped and typed by its bytes. */
// POST /api/v1/files
// Access: signed-in. Limits: File ≤ 5 MiB; by default 20 files and 50 MiB per account, 60 uploads per 10 min per account and address, 10 MiB being written per account.
// 201: Stored: the file record, its type the one its bytes proved.
// 429: Too many uploads from this account or address, or too many at once; see `Retry-After`.
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';

import { receiveUpload, requireUploader, storedFileOutput, uploadRequestBody } from '../../../lib/uploads';

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

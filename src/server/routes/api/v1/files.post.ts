/** Streamed upload: multipart read as it arrives, capped per file, typed by its bytes, stored under a new id. */
// POST /api/v1/files
import { defineEventHandler, setResponseStatus } from 'h3';

import { receiveUpload, uploadOperation } from '../../../lib/uploads';

/** The multipart body and the 413, 415 and 400 that no schema of this file states: see `uploadOperation`. */
export const openApi = uploadOperation;

export default defineEventHandler(async (event) => {
  const file = await receiveUpload(event);
  setResponseStatus(event, 201, 'Created');
  return file;
});

/**
 * Uploads that belong to someone (docs/uploads.md): streamed, capped and typed by their bytes,
 * stored under a generated id, counted against their owner's quota, read and deleted only by
 * their owner, and purged once their owner is gone.
 */
export { sniffType } from './file-types';
export { uploadRequestBody } from './openapi';
export type { PurgedUploads } from './orphans';
export { purgeOrphanUploads } from './purge';
export { cleanFileName, receiveUpload } from './receive';
export {
  type OwnedFile,
  type StoredFile,
  deleteStoredFile,
  listOwnFiles,
  requireOwnFile,
  sendStoredFile,
  storedFileOutput,
} from './stored-files';
export { requireUploader } from './uploader';

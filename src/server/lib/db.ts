import { useStorage } from 'nitropack/runtime';

import { createGroupCommit } from './group-commit';

/** The `db` storage that users and todos live in, mounted by `src/server/plugins/storage.ts`. */
export const db = () => useStorage('db');

/**
 * The one queue of read-modify-write transactions on `db`: users and todos share it, so every
 * change in this process is ordered and batched the same way (see `group-commit.ts`).
 */
export const transaction = createGroupCommit(db);

import type { PageServerLoad } from '@analogjs/router';
import { type PageServerAction, redirect } from '#server-actions';
import type { $Fetch } from 'nitropack';

import { readForm } from '../../server/lib/auth';
import { deleteStoredFile, requireOwnFile } from '../../server/lib/uploads';
import { ApiError, loaderApi } from '../shared/api-client';

/**
 * Reads `GET /api/v1/files` through the request's own `$fetch`, which forwards its cookie, so
 * the first render already lists the visitor's files; `files: null` when nobody is signed in.
 */
export const load = async ({ event }: PageServerLoad) => {
  try {
    return { files: await loaderApi(event.$fetch as $Fetch)('/api/v1/files') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { files: null };
    throw error;
  }
};

/** A file's Delete button without JavaScript: the guard and delete of `DELETE /api/v1/files/:id`, then the list. */
export const action = async ({ event }: PageServerAction) => {
  const { id } = await readForm(event);
  await deleteStoredFile(await requireOwnFile(event, typeof id === 'string' ? id : undefined));
  return redirect('/files', 303);
};

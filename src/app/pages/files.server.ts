import type { PageServerLoad } from '@analogjs/router';
import { type InferRouteResult, type PageServerAction, redirect } from '#server-actions';
import { setResponseHeader } from 'h3';
import { FetchError } from 'ofetch';

import { readForm } from '../../server/lib/auth';
import { deleteStoredFile, requireOwnFile } from '../../server/lib/uploads';
import type { route } from '../../server/routes/api/v1/files.get';

/**
 * Reads `GET /api/v1/files` through the request's own `$fetch`, which forwards its cookie, so
 * the first render already lists the visitor's files; `files: null` when nobody is signed in.
 * The answer is this user's alone: no cache may keep it.
 */
export const load = async ({ event }: PageServerLoad) => {
  setResponseHeader(event, 'cache-control', 'private, no-store');
  try {
    return { files: await event.$fetch<InferRouteResult<typeof route>>('/api/v1/files') };
  } catch (error) {
    if (error instanceof FetchError && error.status === 401) return { files: null };
    throw error;
  }
};

/** A file's Delete button without JavaScript: the guard and delete of `DELETE /api/v1/files/:id`, then the list. */
export const action = async ({ event }: PageServerAction) => {
  const { id } = await readForm(event);
  await deleteStoredFile(await requireOwnFile(event, typeof id === 'string' ? id : undefined));
  return redirect('/files', 303);
};

import { HttpClient, HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { QueryClient, injectMutation, injectQuery } from '@tanstack/angular-query-experimental';
import { firstValueFrom } from 'rxjs';

import type { StoredFile } from '../../server/lib/uploads';

/** The query key of the signed-in account's files, refetched after an upload or a delete. */
const filesKey = ['/api/v1/files'] as const;

/** What a route's JSON error says (400, 401, 403, 404, 413, 415, 429), else what went wrong. */
function refusalMessage(error: HttpErrorResponse): string {
  const message = (error.error as { message?: unknown } | null)?.message;
  if (error.status >= 400 && error.status < 500 && typeof message === 'string') return message;
  // Status 0: no answer at all.
  return error.status
    ? `Something went wrong on our side (HTTP ${error.status}). Please try again.`
    : 'Could not reach the server. Check your connection and try again.';
}

@Component({
  selector: 'app-file-gallery',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './file-gallery.html',
})
export class FileGallery {
  private readonly http = inject(HttpClient);
  private readonly queryClient = inject(QueryClient);

  /** The signed-in account's files as the page's loader read them, so the first render needs no request. */
  readonly initialFiles = input.required<StoredFile[]>();
  /** The page endpoint a Delete button posts to without JavaScript. */
  readonly deleteAction = input.required<string>();

  /**
   * Seeded from the loader, so nothing is fetched again after the first render. `gcTime: 0` drops
   * the list once the page is left: the next visit starts from the loader again, so an account
   * signed in later in this tab never sees a list cached for the one before.
   */
  protected readonly files = injectQuery(() => ({
    queryKey: filesKey,
    queryFn: () => firstValueFrom(this.http.get<StoredFile[]>('/api/v1/files')),
    initialData: this.initialFiles(),
    staleTime: 30_000,
    gcTime: 0,
  }));
  private readonly refresh = () => this.queryClient.invalidateQueries({ queryKey: filesKey });

  /** A `FormData` body through `HttpClient`, which sets the multipart type and boundary. */
  protected readonly upload = injectMutation<StoredFile, HttpErrorResponse, FormData>(() => ({
    mutationFn: (body) => firstValueFrom(this.http.post<StoredFile>('/api/v1/files', body)),
    onSuccess: this.refresh,
  }));
  protected readonly remove = injectMutation<void, HttpErrorResponse, string>(() => ({
    mutationFn: (id) => firstValueFrom(this.http.delete<void>(`/api/v1/files/${encodeURIComponent(id)}`)),
    onSuccess: this.refresh,
  }));
  protected readonly uploadError = computed(() => {
    const error = this.upload.error();
    return error && refusalMessage(error);
  });
  protected readonly removeError = computed(() => {
    const error = this.remove.error();
    return error && refusalMessage(error);
  });

  protected send(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    this.upload.mutate(new FormData(form), { onSuccess: () => form.reset() });
  }

  /** With JavaScript, Delete calls `DELETE /api/v1/files/:id` instead of posting the form. */
  protected delete(event: SubmitEvent, id: string) {
    event.preventDefault();
    this.remove.mutate(id);
  }
}

import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { QueryClient, injectMutation, injectQuery } from '@tanstack/angular-query-experimental';

import { ApiError } from '../shared/api-client';
import { failureMessage } from '../shared/form-errors';
import { injectApi } from '../shared/inject-api';
import { apiMutationOptions, apiQueryKey, apiQueryOptions } from '../shared/server-route-query';

/** What the upload route's JSON error says (413, 415, 400), else the generic failure sentence. */
function uploadError(error: ApiError): string {
  const message = (error.body as { message?: unknown } | null)?.message;
  return error.status >= 400 && error.status < 500 && typeof message === 'string'
    ? message
    : failureMessage(error);
}

@Component({
  selector: 'app-file-gallery',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './file-gallery.html',
})
export class FileGallery {
  private readonly api = injectApi();
  private readonly queryClient = inject(QueryClient);

  protected readonly files = injectQuery(() => apiQueryOptions(this.api, '/api/v1/files'));
  protected readonly upload = injectMutation(() => ({
    ...apiMutationOptions(this.api, '/api/v1/files', 'POST'),
    onSuccess: () => this.queryClient.invalidateQueries({ queryKey: apiQueryKey('/api/v1/files') }),
  }));
  protected readonly uploadError = computed(() => {
    const error = this.upload.error();
    return error && uploadError(error);
  });

  /** Sends the form as `multipart/form-data`: `HttpClient` sets the type and boundary for a `FormData` body. */
  protected send(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    this.upload.mutate({ body: new FormData(form) }, { onSuccess: () => form.reset() });
  }
}

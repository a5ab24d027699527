import { ChangeDetectionStrategy, Component, computed, inject, resource } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';

import { formErrors } from '../shared/form-errors';
import { injectApi } from '../shared/inject-api';

@Component({
  selector: 'app-product-search',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './product-search.html',
})
export class ProductSearch {
  private readonly router = inject(Router);
  private readonly api = injectApi();
  private readonly query = toSignal(inject(ActivatedRoute).queryParamMap, { requireSync: true });

  /** `null` before the first search; `''` once the user searched for nothing. */
  protected readonly term = computed(() => this.query().get('q'));
  protected readonly results = resource({
    params: () => this.term() ?? undefined,
    loader: ({ params: q }) => this.api('/api/v1/search', { query: { q } }),
  });
  /** The 422's message for `q`, or what went wrong when the search failed otherwise. */
  protected readonly validationMessage = computed(() => {
    const error = this.results.error();
    if (!error) return undefined;
    const errors = formErrors(error);
    return errors['q'] ?? errors['form'];
  });

  protected search(event: SubmitEvent) {
    event.preventDefault();
    const q = String(new FormData(event.target as HTMLFormElement).get('q') ?? '');
    void this.router.navigate([], { queryParams: { q } });
  }
}

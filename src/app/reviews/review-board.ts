import { HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { injectServerFn, injectServerFnMutation } from '@analogjs/router';

import { type FieldErrors, fieldErrors } from '../../shared/issues';
import { products } from '../../shared/products';
import { FieldControl, FormField } from '../shared/form-field';
import { loadReviews, postReview } from './reviews.server';

/**
 * A failed server-function call as form errors: a 400's `errors` are the schema's issues, a 429's
 * message says how many reviews an address may post and when it may again.
 */
function callErrors(error: unknown): FieldErrors {
  const response = error instanceof HttpErrorResponse ? error : undefined;
  if (response?.status === 400 && Array.isArray(response.error?.errors)) {
    return fieldErrors(response.error.errors);
  }
  if (response?.status === 429 && typeof response.error?.message === 'string') {
    return { form: response.error.message };
  }
  // Status 0, or no response: the call got no answer at all.
  const status = response?.status ? ` (HTTP ${response.status})` : '';
  return { form: `Could not save the review${status}. Please try again.` };
}

@Component({
  selector: 'app-review-board',
  imports: [FormField, FieldControl],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './review-board.html',
})
export class ReviewBoard {
  protected readonly products = products;
  protected readonly reviews = injectServerFn(loadReviews);
  private readonly post = injectServerFnMutation(postReview);
  protected readonly errors = signal<FieldErrors>({});
  protected readonly saving = signal(false);

  protected productName(id: number): string {
    return products.find((product) => product.id === id)?.name ?? `Product ${id}`;
  }

  protected async add(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    this.saving.set(true);
    try {
      await this.post({
        productId: Number(data.get('productId')),
        rating: Number(data.get('rating')),
        body: String(data.get('body') ?? ''),
      });
      this.errors.set({});
      form.reset();
      this.reviews.reload();
    } catch (error) {
      this.errors.set(callErrors(error));
    } finally {
      this.saving.set(false);
    }
  }
}

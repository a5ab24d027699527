import { HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { injectServerFn, injectServerFnMutation } from '@analogjs/router';

import { type FieldErrors, fieldErrors } from '../../shared/issues';
import { products } from '../../shared/products';
import { FieldControl, FormField } from '../shared/form-field';
import { loadReviews, postReview } from './reviews.server';

/** A failed call as form errors: a 400's `errors` are the schema's issues, a 429's message says when to retry. */
function callErrors(error: unknown): FieldErrors {
  const { status, error: body } =
    error instanceof HttpErrorResponse ? error : { status: 0, error: undefined };
  if (status === 400 && Array.isArray(body?.errors)) return fieldErrors(body.errors);
  if (status === 429 && typeof body?.message === 'string') return { form: body.message };
  // Status 0: the call got no answer at all.
  return { form: `Could not save the review${status ? ` (HTTP ${status})` : ''}. Please try again.` };
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
      const [productId, rating] = [Number(data.get('productId')), Number(data.get('rating'))];
      await this.post({ productId, rating, body: String(data.get('body') ?? '') });
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

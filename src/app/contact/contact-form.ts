import { HttpClient, HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import type { InferRouteResult } from '@analogjs/router/server/actions';
import { firstValueFrom } from 'rxjs';

import { contactTopics } from '../../server/lib/contact-topics';
import type { route as contactRoute } from '../../server/routes/api/v1/contact.post';

interface Issue {
  message: string;
  path?: (string | number | { key: string | number })[];
}

type FieldErrors = Record<string, string>;

function fieldOf(issue: Issue): string {
  const first = issue.path?.[0];
  return String(typeof first === 'object' ? first.key : (first ?? 'form'));
}

@Component({
  selector: 'app-contact-form',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './contact-form.html',
})
export class ContactForm {
  private readonly http = inject(HttpClient);
  private readonly query = toSignal(inject(ActivatedRoute).queryParamMap, { requireSync: true });

  protected readonly topics = contactTopics;
  protected readonly sending = signal(false);
  private readonly submitted = signal<{ errors: FieldErrors; sentTopic?: string } | undefined>(undefined);

  /** Errors and confirmation from the last hydrated submit, else from the no-JavaScript redirect. */
  protected readonly errors = computed<FieldErrors>(() => {
    const fromSubmit = this.submitted()?.errors;
    if (fromSubmit) return fromSubmit;
    const query = this.query();
    const errors: FieldErrors = {};
    for (const key of query.keys) {
      if (key.startsWith('error.')) errors[key.slice('error.'.length)] = query.get(key) ?? '';
    }
    return errors;
  });
  protected readonly sent = computed(() => {
    const submitted = this.submitted();
    return submitted ? submitted.sentTopic !== undefined : this.query().get('sent') === '1';
  });

  protected async send(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const body = Object.fromEntries(new FormData(form));
    this.sending.set(true);
    try {
      const result = await firstValueFrom(
        this.http.post<InferRouteResult<typeof contactRoute>>('/api/v1/contact', body),
      );
      this.submitted.set({ errors: {}, sentTopic: result.topic });
      form.reset();
    } catch (error) {
      if (!(error instanceof HttpErrorResponse) || error.status !== 422) throw error;
      const errors: FieldErrors = {};
      for (const issue of error.error as Issue[]) errors[fieldOf(issue)] ??= issue.message;
      this.submitted.set({ errors });
    } finally {
      this.sending.set(false);
    }
  }
}

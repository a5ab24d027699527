import { HttpClient } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import type { InferRouteResult } from '@analogjs/router/server/actions';
import { firstValueFrom } from 'rxjs';

import { contactTopics } from '../../server/lib/contact-topics';
import type { route as contactRoute } from '../../server/routes/api/v1/contact.post';
import { type FieldErrors, formErrors, queryFieldErrors } from '../shared/form-errors';

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
    return this.submitted()?.errors ?? queryFieldErrors(this.query());
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
      this.submitted.set({ errors: formErrors(error) });
    } finally {
      this.sending.set(false);
    }
  }
}

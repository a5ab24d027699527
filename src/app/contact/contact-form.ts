import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';

import { contactMessages } from '../../shared/contact-messages';
import { contactTopics } from '../../shared/contact-topics';
import type { FieldErrors } from '../../shared/issues';
import { formErrors } from '../shared/form-errors';
import { FieldControl, FormField } from '../shared/form-field';
import { injectApi } from '../shared/inject-api';
import { queryErrorMessages } from '../shared/query-messages';

@Component({
  selector: 'app-contact-form',
  imports: [FormField, FieldControl],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './contact-form.html',
})
export class ContactForm {
  private readonly api = injectApi();
  private readonly query = toSignal(inject(ActivatedRoute).queryParamMap, { requireSync: true });

  protected readonly topics = contactTopics;
  protected readonly sending = signal(false);
  private readonly submitted = signal<{ errors: FieldErrors; sentTopic?: string } | undefined>(undefined);

  /**
   * Errors and confirmation from the last hydrated submit, else from the no-JavaScript redirect,
   * whose codes show only the form's own messages.
   */
  protected readonly errors = computed<FieldErrors>(() => {
    return this.submitted()?.errors ?? queryErrorMessages(this.query(), contactMessages);
  });
  protected readonly sent = computed(() => {
    const submitted = this.submitted();
    return submitted ? submitted.sentTopic !== undefined : this.query().get('sent') === '1';
  });

  protected async send(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // The select offers only the listed topics; the route validates every field again.
    const topic = fields['topic'] as (typeof contactTopics)[number];
    const body = { name: fields['name'], email: fields['email'], message: fields['message'], topic };
    this.sending.set(true);
    try {
      const result = await this.api('/api/v1/contact', { method: 'POST', body });
      this.submitted.set({ errors: {}, sentTopic: result.topic });
      form.reset();
    } catch (error) {
      this.submitted.set({ errors: formErrors(error) });
    } finally {
      this.sending.set(false);
    }
  }
}

import type { H3Event } from 'h3';
import { useStorage } from 'nitropack/runtime';
import { z } from 'zod';

import { formLimits, requireRoom } from '../capacity';
import { newsletterMessages as messages } from '../../../shared/newsletter-messages';

/** A newsletter sign-up, as the form sends it. The email is trimmed and lower-cased. */
export const newsletterSignup = z.object({
  name: z.string().trim().min(1, messages['name-missing']).max(100, messages['name-too-long']),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(messages['email-invalid']).max(254, messages['email-invalid'])),
});

export type NewsletterSignup = z.infer<typeof newsletterSignup>;

export interface Subscriber extends NewsletterSignup {
  subscribedAt: string;
}

/**
 * One key per subscriber in the `newsletter` storage, the normalised email itself: signing up
 * twice keeps one record. `z.email()` admits no `:` or `/`, which unstorage reads as separators.
 */
const subscribers = () => useStorage<Subscriber>('newsletter');

/**
 * Stores a sign-up; a second sign-up with the same email keeps the first record. A new one is
 * refused with 503 once `FORMS_MAX_SUBSCRIBERS` are kept (see `requireRoom`).
 */
export async function subscribe(event: H3Event, signup: NewsletterSignup): Promise<Subscriber> {
  const existing = await subscribers().getItem(signup.email);
  if (existing) return existing;
  await requireRoom(event, 'newsletter', formLimits().maxSubscribers);
  const subscriber = { ...signup, subscribedAt: new Date().toISOString() };
  await subscribers().setItem(signup.email, subscriber);
  return subscriber;
}

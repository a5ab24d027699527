import { useStorage } from 'nitropack/runtime';
import { z } from 'zod';

/** A newsletter sign-up, as the form sends it. The email is trimmed and lower-cased. */
export const newsletterSignup = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Keep your name under 100 characters'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address').max(254, 'Enter a valid email address')),
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

/** Stores a sign-up; a second sign-up with the same email keeps the first record. */
export async function subscribe(signup: NewsletterSignup): Promise<Subscriber> {
  const existing = await subscribers().getItem(signup.email);
  if (existing) return existing;
  const subscriber = { ...signup, subscribedAt: new Date().toISOString() };
  await subscribers().setItem(signup.email, subscriber);
  return subscriber;
}

/** One subscriber by email, or `null`. */
export function findSubscriber(email: string): Promise<Subscriber | null> {
  return subscribers().getItem(email.trim().toLowerCase());
}

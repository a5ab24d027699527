/**
 * Every message the newsletter form can show beside a field, by code. The schema
 * (server/lib/forms/newsletter.ts) uses these texts; a plain form post is redirected back with codes
 * (`?error.email=email-invalid`) and the page shows only what this list says for them.
 */
export const newsletterMessages = {
  'name-missing': 'Enter your name',
  'name-too-long': 'Keep your name under 100 characters',
  'email-invalid': 'Enter a valid email address',
  // Any other refusal of a field; the page's own form never provokes one.
  invalid: 'Check this field',
} as const;

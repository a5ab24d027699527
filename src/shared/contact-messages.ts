/**
 * Every message the contact form can show beside a field, by code. The schema (contact.ts) uses
 * these texts; a plain form post is redirected back with codes (`?error.email=email-invalid`)
 * and the page shows only what this list says for them, so a link can't put words on the page.
 * Like contact-topics.ts, the page imports it without pulling zod into the browser.
 */
export const contactMessages = {
  'name-missing': 'Enter your name',
  'name-too-long': 'Keep your name under 100 characters',
  'email-invalid': 'Enter a valid email address',
  'message-missing': 'Enter a message',
  'message-too-long': 'Keep your message under 2000 characters',
  'topic-unknown': 'Choose a topic from the list',
  // Any other refusal of a field; the page's own form never provokes one.
  invalid: 'Check this field',
} as const;

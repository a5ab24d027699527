import { useStorage } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { contactTopics } from '../../../shared/contact-topics';

/** A contact message, as the form and the API agree on it. */
export const contactInput = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Keep your name under 100 characters'),
  email: z.email('Enter a valid email address'),
  message: z.string().trim().min(1, 'Enter a message').max(2000, 'Keep your message under 2000 characters'),
  topic: z.enum(contactTopics, 'Choose a topic from the list').optional().default('general'),
});

export const contactResult = z.object({ ok: z.literal(true), topic: z.enum(contactTopics) });

export type ContactMessage = z.output<typeof contactInput>;

/**
 * Keeps a message in Nitro's key-value storage, one key per message: nothing ever reads it back
 * by anything but its key, so it needs no SQL (mounted by `src/server/plugins/storage.ts`).
 */
export async function saveContactMessage(message: ContactMessage): Promise<void> {
  await useStorage('contact').setItem(randomUUID(), { ...message, receivedAt: new Date().toISOString() });
}

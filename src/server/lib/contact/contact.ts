import { useStorage } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { contactMessages } from '../../../shared/contact-messages';
import { contactTopics } from '../../../shared/contact-topics';

/** A contact message, as the form and the API agree on it. */
export const contactInput = z.object({
  name: z.string().trim().min(1, contactMessages['name-missing']).max(100, contactMessages['name-too-long']),
  email: z.email(contactMessages['email-invalid']),
  message: z
    .string()
    .trim()
    .min(1, contactMessages['message-missing'])
    .max(2000, contactMessages['message-too-long']),
  topic: z.enum(contactTopics, contactMessages['topic-unknown']).optional().default('general'),
});

export const contactResult = z.object({ ok: z.literal(true), topic: z.enum(contactTopics) });

export type ContactMessage = z.output<typeof contactInput>;

/**
 * Keeps a message in Nitro's key-value storage, one key per message: nothing ever reads it back
 * by anything but its key, so it needs no SQL (mounted by `src/server/plugins/contact-storage.ts`).
 */
export async function saveContactMessage(message: ContactMessage): Promise<void> {
  await useStorage('contact').setItem(randomUUID(), { ...message, receivedAt: new Date().toISOString() });
}

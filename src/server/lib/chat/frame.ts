import { z } from 'zod';

import { type ChatClientFrame, chatLimits } from '../../../shared/chat';

/** A client's frame, parsed from JSON: `{ "type": "message", "text" }`, the text trimmed to 1 to 500 characters. */
export const chatClientFrame = z.object({
  type: z.literal('message'),
  text: z
    .string()
    .trim()
    .min(1, 'Write something first')
    .max(chatLimits.maxTextLength, `Keep it under ${chatLimits.maxTextLength} characters`),
}) satisfies z.ZodType<ChatClientFrame>;

import { z } from 'zod';

/** The query schema of the app's `GET /api/v1/search`, shared by the two twins below. */
export const searchQuery = z.object({
  q: z.string().trim().min(1, 'Enter a search term'),
  page: z.coerce.number().int().positive().default(1),
  tag: z
    .union([z.string(), z.array(z.string())])
    .transform((tag) => (Array.isArray(tag) ? tag : [tag]))
    .default([]),
});

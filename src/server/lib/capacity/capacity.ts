import { type H3Event, createError, setResponseHeader } from 'h3';
import { useRuntimeConfig, useStorage } from 'nitropack/runtime';
import { z } from 'zod';

const positive = z.coerce.number().int().positive();

/**
 * `forms` in the runtime config: the most contact messages (`FORMS_MAX_CONTACT_MESSAGES`,
 * default 1,000) and newsletter subscribers (`FORMS_MAX_SUBSCRIBERS`, default 10,000) kept.
 */
const formLimitsConfig = z.object({ maxContactMessages: positive, maxSubscribers: positive });

export function formLimits(): z.infer<typeof formLimitsConfig> {
  return formLimitsConfig.parse(useRuntimeConfig()['forms']);
}

/**
 * Refuses a new record with 503 and `Retry-After` once the storage `name` holds `max` keys:
 * anyone may post these forms, so the store's size, not the caller, bounds the disk they take
 * until someone reads and clears it. Concurrent posts may pass it by the few running at once.
 */
export async function requireRoom(event: H3Event, name: string, max: number): Promise<void> {
  if ((await useStorage(name).getKeys()).length < max) return;
  setResponseHeader(event, 'retry-after', 3600);
  throw createError({
    statusCode: 503,
    statusMessage: 'Service Unavailable',
    message: `The ${name} store is full; try again later`,
    data: { limit: max },
  });
}

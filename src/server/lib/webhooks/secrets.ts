import { createError } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

/**
 * The secrets deliveries are signed with: `WEBHOOK_SECRET` (runtimeConfig `webhookSecret`), the
 * current one first and, while rotating, the previous one after a comma. Without one the route
 * answers 503 rather than the server refusing to start: the app runs without a payment provider,
 * and a provider that gets a 5xx keeps the event and retries, so nothing is lost while an operator
 * sets the secret. A secret under 32 characters counts as none: it could be guessed.
 */
export function webhookSecrets(): string[] {
  const secrets = String(useRuntimeConfig()['webhookSecret'] ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (!secrets.length || secrets.some((secret) => secret.length < 32)) {
    throw createError({
      statusCode: 503,
      statusMessage: 'Service Unavailable',
      message: 'Webhooks are not configured: set WEBHOOK_SECRET (32 characters or more)',
    });
  }
  return secrets;
}

import { createError } from 'h3';

/** The longest key accepted: a UUID needs 36 characters; 255 leaves room for any client's scheme. */
export const maxKeyLength = 255;

/** An RFC 8941 sf-string: printable ASCII in double quotes, with `\"` and `\\` the only escapes. */
const sfString = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The `Idempotency-Key` header's key, a Structured Field string as the draft says (`"8e03978e-…"`), or
 * `undefined` when the request sends none; an empty, overlong or unquoted key, or several keys, is a 400.
 */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = sfString.exec(header.trim())?.[1]?.replace(/\\(["\\])/g, '$1');
  if (!key || key.length > maxKeyLength) {
    throw createError({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: `Idempotency-Key must be a quoted string of 1 to ${maxKeyLength} printable characters`,
    });
  }
  return key;
}

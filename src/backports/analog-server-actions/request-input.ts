import { type H3Event, createError, readFormData, readRawBody, setResponseHeader } from 'h3';

/** What a route reads from a request: repeated keys become arrays, single keys stay scalars. */
export type InputRecord = Record<string, unknown>;

/** True for methods whose request carries no body that a route should read. */
export function isQueryMethod(event: H3Event): boolean {
  return event.method === 'GET' || event.method === 'HEAD';
}

/**
 * A form's pairs as a plain object, a repeated key as an array; `__proto__` is dropped, so no input can reach
 * a prototype. Read through `forEach`: `entries()` needs `DOM.Iterable`, which the generator's app omits.
 */
function collectEntries(source: { forEach(each: (value: unknown, key: string) => void): void }): InputRecord {
  const record: InputRecord = {};
  source.forEach((value, key) => {
    if (key === '__proto__') return;
    const previous = Object.hasOwn(record, key) ? record[key] : undefined;
    if (previous === undefined) record[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else record[key] = [previous, value];
  });
  return record;
}

/** An object parsed from JSON, without any `__proto__` key; `{}` when the text is no JSON object. */
function parseJson(text: string): InputRecord {
  try {
    // The reviver makes JSON.parse about four times slower: only `__proto__` or a `\u` escape needs it.
    const value: unknown = /__proto__|\\u/.test(text)
      ? JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value))
      : JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as InputRecord) : {};
  } catch {
    return {};
  }
}

/** The most body bytes a validated route reads: 1 MiB. Other limits go in front (docs/security.md). */
export const maxBodyBytes = 1024 * 1024;

/**
 * Caps the body h3 is about to read, so a route is safe with nothing in front of it: a larger
 * `Content-Length` is a 413 at once, a chunked body's first chunk past the cap too; the connection closes.
 */
function capBody(event: H3Event): void {
  const request = event.node.req;
  const tooLarge = () => {
    setResponseHeader(event, 'connection', 'close');
    return createError({
      statusCode: 413,
      statusMessage: 'Payload Too Large',
      message: `Over ${maxBodyBytes} bytes`,
    });
  };
  if (request.readableEnded) return; // a limit in front already read it
  const declared = Number(request.headers['content-length']);
  if (declared > maxBodyBytes) throw tooLarge();
  if (!Number.isNaN(declared)) return;
  let size = 0;
  request.on('data', function count(chunk: Buffer) {
    if ((size += chunk.length) <= maxBodyBytes) return;
    request.off('data', count).pause().emit('error', tooLarge());
  });
}

/**
 * The request body as an object: JSON (`application/json`, `+json`, or no type), URL-encoded or multipart
 * form (files stay `File`s), at most `maxBodyBytes`. Empty, unparseable or of another type, it is `{}`.
 */
export async function readBodyInput(event: H3Event): Promise<InputRecord> {
  if (isQueryMethod(event)) return {};
  capBody(event);
  // Read first, under the cap: h3 keeps the bytes, and its form parser reads them from there.
  const raw = await readRawBody(event, false);
  if (!raw?.length) return {};
  // The media type, lower-cased and without parameters, as the security module's `requestMediaType` reads it.
  const type = (event.node.req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    const form = await readFormData(event).catch(() => undefined);
    return form ? collectEntries(form) : {};
  }
  const text = raw.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return collectEntries(new URLSearchParams(text));
  return type === '' || type === 'application/json' || type.endsWith('+json') ? parseJson(text) : {};
}

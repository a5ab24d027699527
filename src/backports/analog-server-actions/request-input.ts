import {
  type H3Event,
  createError,
  getQuery,
  getRequestHeader,
  readFormData,
  readRawBody,
  setResponseHeader,
} from 'h3';

/** What a route reads from a request: repeated keys become arrays, single keys stay scalars. */
export type InputRecord = Record<string, unknown>;

/**
 * The body's media type, lower-cased and without parameters (`Multipart/Form-Data; boundary=x` is
 * `multipart/form-data`): the security module's `requestMediaType` reads it the same way, so its
 * guards and this reader agree. The backport stands alone, as Analog's own `defineApiRoute` will.
 */
const requestMediaType = (event: H3Event) =>
  (getRequestHeader(event, 'content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();

/** True for methods whose request carries no body that a route should read. */
export function isQueryMethod(event: H3Event): boolean {
  return event.method === 'GET' || event.method === 'HEAD';
}

/**
 * Collects `[key, value]` pairs into a plain object. A repeated key becomes an array;
 * `__proto__` is dropped, so no input can reach an object's prototype.
 */
export function collectEntries(entries: Iterable<[string, unknown]>): InputRecord {
  const record: InputRecord = {};
  for (const [key, value] of entries) {
    if (key === '__proto__') continue;
    const previous = Object.hasOwn(record, key) ? record[key] : undefined;
    if (previous === undefined) record[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else record[key] = [previous, value];
  }
  return record;
}

/**
 * The pairs of a form or URL-encoded body, through `forEach`: its `entries()` needs TypeScript's
 * `DOM.Iterable` library, which the generator's tsconfig.json leaves out.
 */
function pairsOf(source: {
  forEach(each: (value: unknown, key: string) => void): void;
}): [string, unknown][] {
  const pairs: [string, unknown][] = [];
  source.forEach((value, key) => pairs.push([key, value]));
  return pairs;
}

/** The URL query, with repeated keys as arrays; h3 (ufo) already drops `__proto__` and `constructor`. */
export function readQueryInput(event: H3Event): InputRecord {
  return getQuery(event);
}

/** Text that may hold a `__proto__` key, spelled out or with `\u` escapes. */
const mayHoldProto = /__proto__|\\u/;

/** Parses JSON and drops every `__proto__` key; `{}` when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    // The reviver makes JSON.parse about four times slower: pay for it only when needed.
    if (!mayHoldProto.test(text)) return JSON.parse(text);
    return JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value));
  } catch {
    return {};
  }
}

function isJson(mediaType: string): boolean {
  return mediaType === '' || mediaType === 'application/json' || mediaType.endsWith('+json');
}

function asRecord(value: unknown): InputRecord {
  return typeof value === 'object' && value !== null ? (value as InputRecord) : {};
}

/** The most body bytes a validated route reads: 1 MiB. An app that wants other limits sets them in front (docs/security.md). */
export const maxBodyBytes = 1024 * 1024;

/**
 * Caps the body h3 is about to read, so a route is safe without anything in front of it: a larger
 * `Content-Length` is a 413 at once, a chunked body one with its first chunk past the cap (h3's
 * reader rejects), and the connection closes after it. A body a limit in front read is left alone.
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
  if (request.readableEnded) return;
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
 * The request body as an object: JSON (`application/json`, `+json`, or no type),
 * URL-encoded form or multipart form (files stay `File`s), at most `maxBodyBytes` (413 past it).
 * An empty or unparseable body, or one of any other type, is `{}`. GET and HEAD bodies are never read.
 */
export async function readBodyInput(event: H3Event): Promise<InputRecord> {
  if (isQueryMethod(event)) return {};
  capBody(event);
  // Read first, under the cap: h3 keeps the bytes, and its form parser reads them from there.
  const raw = await readRawBody(event, false);
  if (!raw?.length) return {};
  const type = requestMediaType(event);
  if (type === 'multipart/form-data') {
    const form = await readFormData(event).catch(() => undefined);
    return form ? collectEntries(pairsOf(form)) : {};
  }
  const text = raw.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    return collectEntries(pairsOf(new URLSearchParams(text)));
  }
  return isJson(type) ? asRecord(parseJson(text)) : {};
}

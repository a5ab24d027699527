/** The deepest nesting of arrays and objects a JSON body may have; no route here needs more than 4. */
export const maxJsonDepth = 64;

const [quote, backslash, openArray, closeArray, openObject, closeObject] = [34, 92, 91, 93, 123, 125];

/**
 * True when the JSON text in `bytes` nests arrays and objects deeper than `max` (brackets inside
 * strings don't count). One pass that stops at the first level too deep, a few milliseconds for a
 * 1 MiB body: a parser given half a million `[` would spend a third of a second before it fails,
 * and a deeply nested value inside an otherwise valid body would be kept.
 */
export function isNestedDeeperThan(bytes: Uint8Array, max = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === backslash) index++;
      else if (byte === quote) inString = false;
    } else if (byte === quote) inString = true;
    else if (byte === openArray || byte === openObject) {
      if (++depth > max) return true;
    } else if (byte === closeArray || byte === closeObject) depth--;
  }
  return false;
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/**
 * scrypt's cost, one of OWASP's equivalent minimums (Password Storage Cheat Sheet): N = 2¹⁴,
 * r = 8, p = 5 costs as much CPU as N = 2¹⁷, p = 1 with 16 MiB of memory instead of 128 MiB.
 * Each hash stores its own parameters, so raising them later leaves old hashes readable.
 */
export const scryptCost = { N: 2 ** 14, r: 8, p: 5 };
const keyLength = 32;

/** `scrypt$N$r$p$salt$hash`, with a fresh 16-byte salt: equal passwords never hash alike. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, keyLength, scryptCost);
  const { N, r, p } = scryptCost;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** A hash no password matches, for an unknown account: checking it costs what a real check costs. */
let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. Without a stored hash (no such account) it hashes
 * against a decoy anyway, so an unknown email answers as slowly as a wrong password.
 * The comparison takes the same time wherever the bytes differ.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(32).toString('base64url'));
  const [scheme, N, r, p, salt, hash] = (stored ?? (await decoy)).split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const typed = password.normalize('NFC');
  const actual = await scryptAsync(typed, Buffer.from(salt, 'base64url'), expected.length, cost);
  return Boolean(stored) && timingSafeEqual(actual, expected);
}

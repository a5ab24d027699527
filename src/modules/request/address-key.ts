import { isIPv6 } from 'node:net';

/** How many 16-bit groups an IPv6 piece (`2001:db8`, `ffff:1.2.3.4`) spells. */
const groupCount = (piece: string) =>
  piece ? piece.split(':').reduce((count, group) => count + (group.includes('.') ? 2 : 1), 0) : 0;

/**
 * The key a per-address cap or rate limit counts a client under: an IPv4 address as it is, an
 * IPv6 address by the /64 it lies in (`2001:db8:0:1::/64`). One subscriber, one host even, is
 * handed a whole /64 (2⁶⁴ addresses), so counting each address would give it that many
 * allowances. An IPv4-mapped address (`::ffff:10.0.0.1`) counts as its IPv4 address.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const plain = address.split('%')[0].toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1];
  const [head, tail = ''] = plain.split('::');
  const zeros = plain.includes('::') ? Array(8 - groupCount(head) - groupCount(tail)).fill('0') : [];
  const groups = [...(head ? head.split(':') : []), ...zeros, ...(tail ? tail.split(':') : [])];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

import { isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is (an IPv4-mapped one too), an
 * IPv6 address by its /64 (`2001:db8:0:1::/64`): one subscriber is handed a whole /64, and counting each
 * address would give it 2⁶⁴ allowances.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const plain = address.split('%')[0].toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1];
  const written = plain.split(':').filter(Boolean).length + (plain.includes('.') ? 1 : 0);
  const zeros = '0:'.repeat(8 - written); // what `::` stands for; a dotted IPv4 tail is two groups
  const groups = plain.replace('::', `:${zeros}`).split(':').filter(Boolean).slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

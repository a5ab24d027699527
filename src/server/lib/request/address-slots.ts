import { addressKey } from './address-key';

/**
 * A count of long-lived connections (event streams, sockets) per client address and in all, for
 * the caps that keep one client from holding a process's every slot. Addresses count by their
 * `addressKey` (an IPv6 address by its /64); one leaves the map with its last connection.
 */
export function addressSlots() {
  const byAddress = new Map<string, number>();
  let total = 0;
  const of = (address: string): number => byAddress.get(addressKey(address)) ?? 0;
  return {
    /** Connections held in this process. */
    total: (): number => total,
    /** Connections held from `address`. */
    of,
    /** Counts a connection against `address` and the process until the returned `release` runs (once). */
    hold(address: string): () => void {
      const key = addressKey(address);
      byAddress.set(key, of(key) + 1);
      total += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = of(key) - 1;
        if (left) byAddress.set(key, left);
        else byAddress.delete(key);
      };
    },
  };
}

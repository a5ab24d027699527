/**
 * A count of long-lived connections (event streams, sockets) per client address and in all, for
 * the caps that keep one client from holding a process's every slot. An address leaves the map
 * with its last connection.
 */
export function addressSlots() {
  const byAddress = new Map<string, number>();
  let total = 0;
  const of = (address: string): number => byAddress.get(address) ?? 0;
  return {
    /** Connections held in this process. */
    total: (): number => total,
    /** Connections held from `address`. */
    of,
    /** Counts a connection against `address` and the process until the returned `release` runs (once). */
    hold(address: string): () => void {
      byAddress.set(address, of(address) + 1);
      total += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = of(address) - 1;
        if (left) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

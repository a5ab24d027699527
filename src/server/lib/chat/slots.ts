/** Open chat connections per client address; an address leaves the map with its last one. */
const byAddress = new Map<string, number>();
let total = 0;

/** Connections open in this process. */
export const openConnections = (): number => total;

/** Connections open from `address`. */
export const connectionsOf = (address: string): number => byAddress.get(address) ?? 0;

/** Counts a connection against its address and the process until the returned `release` runs (once). */
export function holdConnection(address: string): () => void {
  byAddress.set(address, connectionsOf(address) + 1);
  total += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    total -= 1;
    const left = connectionsOf(address) - 1;
    if (left) byAddress.set(address, left);
    else byAddress.delete(address);
  };
}

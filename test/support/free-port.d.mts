/** Asks the OS for a free TCP port on loopback. */
export function freePort(): Promise<number>;

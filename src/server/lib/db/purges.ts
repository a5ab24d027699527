/** Deletes what has outlived its use and answers how many rows (or files) went; `signal` may stop it, the next run goes on. */
export type Purge = (signal: AbortSignal) => Promise<number>;

const purges = new Map<string, Purge>();

/**
 * Registers a recipe's purge under a name that says what it removes ("expired sessions"): the recipe's Nitro
 * plugin calls this at start, and the housekeeping recipe runs every registered purge on its schedule, once
 * across all processes (docs/deploy.md); neither imports the other.
 */
export function registerPurge(name: string, purge: Purge): void {
  purges.set(name, purge);
}

/** The registered purges, in the order the plugins registered them. */
export const registeredPurges = (): ReadonlyMap<string, Purge> => purges;

import { type H3Event, createError } from 'h3';
import { useNitroApp, useRuntimeConfig } from 'nitropack/runtime';

import { addressKey } from './address-key';
import { clientAddress } from './proxy';

/**
 * Who a per-caller limit counts a request against, the one way every limit keys it: the signed-in
 * account (`account:7`) once a guard has read the session (the sessions recipe sets
 * `event.context.userId`), else the client's address by its `addressKey` (`address:10.0.0.1`,
 * `address:2001:db8:0:1::/64`). Whoever holds a /64 holds 2⁶⁴ addresses, but one key.
 */
export function callerKey(event: H3Event): string {
  const userId = event.context['userId'] as number | undefined;
  return userId === undefined ? addressCallerKey(event) : `account:${userId}`;
}

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /**
     * Who sent `event`, asked where no route guard has run yet (`identifiedCallerKey`): a recipe
     * that signs callers in says who this one is (the sessions recipe reads the session).
     */
    'request:caller': (event: H3Event) => void | Promise<void>;
  }
}

/**
 * `callerKey` for code that runs before the route's guard (a middleware): the `request:caller`
 * hooks run first, so a signed-in caller is its account there too, never its address.
 */
export async function identifiedCallerKey(event: H3Event): Promise<string> {
  await useNitroApp().hooks.callHook('request:caller', event);
  return callerKey(event);
}

/** The caller by its address alone, for a limit that counts before any session is read. */
export function addressCallerKey(event: H3Event): string {
  return `address:${addressKey(clientAddress(event))}`;
}

/** What one pool of the budget admits: `total` units in this process, `perCaller` of them to one caller. */
export interface Ceiling {
  /** What the units are, for the refusal's message: `request body bytes`, `open event streams`. */
  what: string;
  total: number;
  perCaller: number;
}

/** A unit count held until `release` runs; running it again does nothing. */
export type Release = () => void;

/**
 * One resource of the process that callers hold for a while (body bytes in flight, open streams,
 * sockets, bytes queued on sockets, temporary files), counted per caller and in all. A request
 * is admitted before anything is allocated for it, and what it holds is released when it ends:
 * - `admit` throws the refusal a route answers, with `Retry-After`: 429 when this caller holds its
 *   share, else 503 when the process is full (every caller waits, so no single one is to blame);
 * - `tryHold` answers `undefined` instead, for a holder that refuses another way (a socket's 1008).
 * `ceiling` is read on each admission, so a setting can come from the runtime config lazily.
 */
export function budget(ceiling: () => Ceiling, retryAfterSeconds = 5) {
  const byCaller = new Map<string, number>();
  let total = 0;
  const of = (caller: string): number => byCaller.get(caller) ?? 0;
  const hold = (caller: string, amount: number): Release => {
    byCaller.set(caller, of(caller) + amount);
    total += amount;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      total -= amount;
      const left = of(caller) - amount;
      if (left > 0) byCaller.set(caller, left);
      else byCaller.delete(caller);
    };
  };
  /** Why `amount` more can't be held for `caller`, if it can't. */
  const refusal = (caller: string, amount: number) => {
    const limits = ceiling();
    if (of(caller) + amount > limits.perCaller) return { limits, status: 429 } as const;
    if (total + amount > limits.total) return { limits, status: 503 } as const;
    return undefined;
  };
  return {
    /** Units held in this process. */
    total: (): number => total,
    /** Units held by `caller`. */
    of,
    tryHold(caller: string, amount = 1): Release | undefined {
      return refusal(caller, amount) ? undefined : hold(caller, amount);
    },
    admit(event: H3Event, caller: string, amount = 1): Release {
      const refused = refusal(caller, amount);
      if (!refused) return hold(caller, amount);
      const { limits, status } = refused;
      event.node.res.setHeader('retry-after', String(retryAfterSeconds));
      throw status === 503
        ? createError({
            statusCode: 503,
            statusMessage: 'Service Unavailable',
            message: `The server holds all the ${limits.what} it allows (${limits.total}); try again shortly`,
          })
        : createError({
            statusCode: 429,
            statusMessage: 'Too Many Requests',
            message: `At most ${limits.perCaller} ${limits.what} per client at once`,
          });
    },
  };
}

export type Budget = ReturnType<typeof budget>;

/**
 * The process-wide ceilings of the budget (runtimeConfig `budget`, docs/security.md, "The budget"),
 * sized so that all of them held at once stay far below a 1 GiB heap.
 */
export interface BudgetSettings {
  /** Request body bytes arriving at once (BUDGET_BODY_BYTES, 64 MiB), and from one caller (…_PER_CALLER, 10 MiB). */
  bodyBytes: number;
  bodyBytesPerCaller: number;
  /** Bytes of uploads being written to temporary files (BUDGET_TEMP_FILE_BYTES, 256 MiB), and by one caller (10 MiB). */
  tempFileBytes: number;
  tempFileBytesPerCaller: number;
  /** Bytes queued on sockets for clients that read slowly (BUDGET_QUEUED_BYTES, 64 MiB), and for one caller (1 MiB). */
  queuedBytes: number;
  queuedBytesPerCaller: number;
}

let settings: BudgetSettings | undefined;

/** The budget's settings, read once: the environment of a running server doesn't change. */
export function budgetSettings(): BudgetSettings {
  settings ??= Object.fromEntries(
    Object.entries(useRuntimeConfig()['budget'] as object).map(([name, value]) => [name, Number(value)]),
  ) as unknown as BudgetSettings;
  return settings;
}

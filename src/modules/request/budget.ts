import { type H3Event, createError } from 'h3';
import { useNitroApp, useRuntimeConfig } from 'nitropack/runtime';

import { addressKey } from './address-key';
import { clientAddress } from './proxy';

/**
 * Who a per-caller limit counts a request against, the one way every limit keys it: the signed-in
 * account (`account:7`) once a guard has read the session (the sessions recipe sets
 * `event.context.userId`), else the client's address (`addressCallerKey`).
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

/** The caller by its address alone, an IPv6 address by its /64 (`address:2001:db8:0:1::/64`). */
export const addressCallerKey = (event: H3Event): string => `address:${addressKey(clientAddress(event))}`;

/** What a pool admits: `total` units in the process, `perCaller` of them to one caller. */
export interface Ceiling {
  /** What the units are, for the refusal's message: `request body bytes in flight`. */
  what: string;
  total: number;
  perCaller: number;
}

/** Gives back what was held; running it again does nothing. */
export type Release = () => void;

/**
 * A pool of one resource callers hold for a while (body bytes in flight, open streams, bytes
 * queued on sockets, temporary files), counted per caller and in all. A caller is admitted before
 * anything is allocated for it and holds its units until `release`. `admit` throws the refusal,
 * with `Retry-After`: 429 past the caller's share, else 503 past the process's ceiling (everyone
 * waits; no one caller is to blame). `tryHold` answers `undefined` instead, for a holder that
 * refuses another way (a socket's close code). `ceiling` is read at each admission.
 */
export function budget(ceiling: () => Ceiling, retryAfterSeconds = 5) {
  const byCaller = new Map<string, number>();
  let total = 0;
  const of = (caller: string): number => byCaller.get(caller) ?? 0;
  const refusal = (caller: string, amount: number) => {
    const limits = ceiling();
    if (of(caller) + amount > limits.perCaller) return { limits, status: 429 as const };
    return total + amount > limits.total ? { limits, status: 503 as const } : undefined;
  };
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
  return {
    /** Units held in the process, and by `caller`. */
    total: (): number => total,
    of,
    tryHold: (caller: string, amount = 1): Release | undefined =>
      refusal(caller, amount) ? undefined : hold(caller, amount),
    admit(event: H3Event, caller: string, amount = 1): Release {
      const refused = refusal(caller, amount);
      if (!refused) return hold(caller, amount);
      const { limits, status } = refused;
      event.node.res.setHeader('retry-after', String(retryAfterSeconds));
      throw status === 429
        ? createError({
            statusCode: 429,
            statusMessage: 'Too Many Requests',
            message: `At most ${limits.perCaller} ${limits.what} per client at once`,
          })
        : createError({
            statusCode: 503,
            statusMessage: 'Service Unavailable',
            message: `The server holds all the ${limits.what} it allows; try again shortly`,
          });
    },
  };
}

export type Budget = ReturnType<typeof budget>;

/**
 * The budget's ceilings (runtimeConfig `budget`, BUDGET_* in docs/deploy.md), per process and per
 * caller, all of them held at once far below a 1 GiB heap: body bytes in flight (64 MiB, 10 MiB),
 * upload bytes in temporary files (256 MiB, 10 MiB), bytes queued on sockets (64 MiB, 1 MiB).
 */
export interface BudgetSettings {
  bodyBytes: number;
  bodyBytesPerCaller: number;
  tempFileBytes: number;
  tempFileBytesPerCaller: number;
  queuedBytes: number;
  queuedBytesPerCaller: number;
}

let settings: BudgetSettings | undefined;

/** The ceilings, read once: the environment of a running server doesn't change. */
export function budgetSettings(): BudgetSettings {
  settings ??= Object.fromEntries(
    Object.entries(useRuntimeConfig()['budget'] as object).map(([name, value]) => [name, Number(value)]),
  ) as unknown as BudgetSettings;
  return settings;
}

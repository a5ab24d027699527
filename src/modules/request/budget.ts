import { type H3Event, createError } from 'h3';
import { useNitroApp, useRuntimeConfig } from 'nitropack/runtime';
import { STATUS_CODES } from 'node:http';

import { addressKey } from './address-key';
import { clientAddress } from './proxy';

/**
 * Who a per-caller limit counts a request against: the signed-in account (`account:7`) once a guard has read
 * the session (the sessions recipe sets `event.context.userId`), else the client's address.
 */
export const callerKey = (event: H3Event): string =>
  event.context['userId'] === undefined ? addressCallerKey(event) : `account:${event.context['userId']}`;

/** The caller by its address alone, an IPv6 address by its /64 (`address:2001:db8:0:1::/64`). */
export const addressCallerKey = (event: H3Event): string => `address:${addressKey(clientAddress(event))}`;

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /** Who sent `event`, where no guard has run yet: a recipe that signs callers in says (sessions does). */
    'request:caller': (event: H3Event) => void | Promise<void>;
  }
}

/** `callerKey` before the route's guard (in a middleware), once the `request:caller` hooks have run. */
export async function identifiedCallerKey(event: H3Event): Promise<string> {
  await useNitroApp().hooks.callHook('request:caller', event);
  return callerKey(event);
}

/** Gives back what was held; running it again does nothing. */
export type Release = () => void;

/**
 * A pool of one resource callers hold for a while (docs/security.md, "The budget"): `total` units in the
 * process, `perCaller` to one caller, read at each admission. `admit` throws 429 past the caller's share,
 * else 503 past the ceiling (no one caller is to blame), with `Retry-After: 5`; `tryHold` answers `undefined`
 * instead, for a holder that refuses another way (a socket's close code).
 */
export function budget(ceiling: () => { what: string; total: number; perCaller: number }) {
  const byCaller = new Map<string, number>();
  let total = 0;
  const of = (caller: string): number => byCaller.get(caller) ?? 0;
  const refusal = (caller: string, amount: number): [number, string] | undefined => {
    const { what, total: most, perCaller } = ceiling();
    if (of(caller) + amount > perCaller) return [429, `At most ${perCaller} ${what} per client at once`];
    if (total + amount > most) return [503, `The server holds all the ${what} it allows; try again shortly`];
    return undefined;
  };
  const hold = (caller: string, amount: number): Release => {
    byCaller.set(caller, of(caller) + amount);
    total += amount;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      total -= amount;
      byCaller.set(caller, of(caller) - amount);
      if (!of(caller)) byCaller.delete(caller);
    };
  };
  return {
    total: (): number => total,
    of,
    tryHold: (caller: string, amount = 1) => (refusal(caller, amount) ? undefined : hold(caller, amount)),
    admit(event: H3Event, caller: string, amount = 1): Release {
      const refused = refusal(caller, amount);
      if (!refused) return hold(caller, amount);
      const [statusCode, message] = refused;
      event.node.res.setHeader('retry-after', '5');
      throw createError({ statusCode, statusMessage: STATUS_CODES[statusCode], message });
    },
  };
}

type Ceilings = Record<`${'bodyBytes' | 'tempFileBytes' | 'queuedBytes'}${'' | 'PerCaller'}`, number>;
/** The ceilings: runtimeConfig `budget`, BUDGET_* in docs/deploy.md (destr makes each variable a number). */
export const budgetSettings = () => useRuntimeConfig()['budget'] as Ceilings;

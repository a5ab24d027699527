import type { MetaValue } from './route-meta.ts';

/** Who may call a route: the values of `'x-access'` (docs/security.md, "Who may call a route"). */
export const accessRules = [
  'anyone',
  'signed-in',
  'owner',
  'owner or admin',
  'admin',
  'signed request',
] as const;
export type AccessRule = (typeof accessRules)[number];

/** What a route's `defineRouteMeta({ openAPI })` says about who may call it and what limits its abuse. */
export interface RouteAccess {
  access: AccessRule;
  /** One sentence: body cap, rate limit, quota. */
  limits: string;
}

const sessionRules: readonly AccessRule[] = ['signed-in', 'owner', 'owner or admin', 'admin'];
const isRule = (value: unknown): value is AccessRule => accessRules.includes(value as AccessRule);
const isRecord = (value: unknown): value is Record<string, MetaValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The access rule and limits a route's `openAPI` meta states, checked against each other: a rule
 * that needs a session goes with `security: [{ session: [] }]` and a declared 401; a public one
 * requires no session (`security: []`, or `[{}, …]` when a session is optional). Throws, naming the
 * file and what to write, so a route that does not say who may call it fails the build.
 */
export function routeAccess(file: string, openAPI: MetaValue | undefined): RouteAccess {
  const meta = isRecord(openAPI) ? openAPI : {};
  const access = meta['x-access'];
  const limits = meta['x-limits'];
  if (!isRule(access)) {
    throw new Error(
      `${file}: say who may call it: defineRouteMeta({ openAPI: { 'x-access': ${accessRules.map((rule) => `'${rule}'`).join(' | ')} } })`,
    );
  }
  if (typeof limits !== 'string' || !limits.trim()) {
    throw new Error(
      `${file}: state its abuse limits in one sentence: 'x-limits': 'Body ≤ 1 MiB; 5 per minute per address.'`,
    );
  }
  const security = meta['security'];
  const needsSession = sessionRules.includes(access);
  const sessionOnly = JSON.stringify(security) === '[{"session":[]}]';
  const optional =
    Array.isArray(security) &&
    (!security.length || security.some((entry) => isRecord(entry) && !Object.keys(entry).length));
  if (needsSession ? !sessionOnly : access === 'anyone' ? !optional : !Array.isArray(security)) {
    const expected = needsSession ? '[{ session: [] }]' : access === 'anyone' ? '[]' : 'the scheme it checks';
    throw new Error(`${file}: 'x-access': '${access}' goes with security: ${expected}`);
  }
  if (needsSession && !(isRecord(meta['responses']) && meta['responses']['401'])) {
    throw new Error(`${file}: 'x-access': '${access}' answers 401 without a session: list 401 in responses`);
  }
  return { access, limits: limits.trim() };
}

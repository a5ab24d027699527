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

/** What line 3 of a route's header says about who may call it and what limits its abuse. */
export interface RouteAccess {
  access: AccessRule;
  /** One sentence: body cap, rate limit, quota. */
  limits: string;
}

/** The rules that need a session: their operations require the `session` cookie, and answer 401 without it. */
export const sessionRules: readonly AccessRule[] = ['signed-in', 'owner', 'owner or admin', 'admin'];

const line3 = /^\/\/ Access: (.+?)\. Limits: (.+)$/;

/**
 * Line 3 of an API route file, `// Access: <rule>. Limits: <one sentence>.`: who may call it and the
 * limits on its abuse. Throws, naming the file and what to write, so a route that does not say who
 * may call it fails the build.
 */
export function readAccess(file: string, text: string): RouteAccess {
  const [, access, limits = ''] = line3.exec(text.split('\n')[2] ?? '') ?? [];
  if (!accessRules.includes(access as AccessRule) || !limits.trim()) {
    throw new Error(
      `${file}: line 3 must say who may call it and the limits on its abuse: // Access: ${accessRules.join(' | ')}. Limits: Body ≤ 1 MiB; 5 per minute per address.`,
    );
  }
  return { access: access as AccessRule, limits: limits.trim() };
}

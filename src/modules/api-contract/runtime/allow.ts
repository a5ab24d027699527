import { createRouter } from 'radix3';

type Methods = { methods: Set<string> };

let table: ReturnType<typeof createRouter<Methods>> | undefined;

/**
 * Builds the table of route patterns and their methods from the route list; the module's Nitro
 * plugin calls it at start, so this file imports no virtual module and the module's index.ts
 * loads anywhere. Unnamed catch-alls (`/**`) are fallbacks, not routes.
 */
export function setAllowTable(routes: readonly { route: string; method: string }[]): void {
  const patterns = new Map<string, Set<string>>();
  for (const { route, method } of routes) {
    if (route.endsWith('/**')) continue;
    const methods = patterns.get(route) ?? new Set<string>();
    methods.add(method === 'default' ? '*' : method.toUpperCase());
    patterns.set(route, methods);
  }
  table = createRouter<Methods>();
  for (const [route, methods] of patterns) table.insert(route, { methods });
}

/**
 * The methods a path answers, for a 405 `Allow` header: empty when no route has the
 * path at all (a 404), or when a route takes every method.
 */
export function allowedMethods(path: string): string[] {
  if (!table)
    throw new Error(
      'The api-contract module builds its Allow table at start: list apiContract() in nitro.modules',
    );
  const match = table.lookup(path.split('?')[0]) as Methods | null;
  if (!match || match.methods.has('*')) return [];
  const methods = new Set(match.methods);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

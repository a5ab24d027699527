import { apiRoutes } from '#api-contract/routes';
import { createRouter } from 'radix3';

type Methods = { methods: Set<string> };

let table: ReturnType<typeof createRouter<Methods>> | undefined;

/** Route patterns and their methods; unnamed catch-alls (`/**`) are fallbacks, not routes. */
function routeTable() {
  if (table) return table;
  const patterns = new Map<string, Set<string>>();
  for (const { route, method } of apiRoutes) {
    if (route.endsWith('/**')) continue;
    const methods = patterns.get(route) ?? new Set<string>();
    methods.add(method === 'default' ? '*' : method.toUpperCase());
    patterns.set(route, methods);
  }
  table = createRouter<Methods>();
  for (const [route, methods] of patterns) table.insert(route, { methods });
  return table;
}

/**
 * The methods a path answers, for a 405 `Allow` header: empty when no route has the
 * path at all (a 404), or when a route takes every method.
 */
export function allowedMethods(path: string): string[] {
  const match = routeTable().lookup(path.split('?')[0]) as Methods | null;
  if (!match || match.methods.has('*')) return [];
  const methods = new Set(match.methods);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

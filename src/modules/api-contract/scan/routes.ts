import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Nitro, NitroEventHandler } from 'nitropack';

import { type RouteAccess, readAccess, sessionRules } from './access.ts';
import { type Answers, readAnswers } from './answers.ts';
import { type RouteHeader, readHeader } from './header.ts';

/** One API route as Nitro registered it, with its file's header. */
export interface ApiRoute {
  /** Nitro's pattern: `/api/v1/users/:id`, `/api/**`. */
  route: string;
  /** `get`, `post`, …, or `default` for a file without a method suffix: it answers every method. */
  method: string;
  /** The handler file's absolute path. */
  handler: string;
  /** The handler file from the project root: `src/server/routes/api/v1/users/[id].get.ts`. */
  file: string;
  header: RouteHeader;
  /** Who may call it and the limits on its abuse: line 3 of its header. */
  access: RouteAccess;
  /** Every status it answers: its header's, and those its functions tag with `@status`. */
  answers: Answers;
}

/** `METHOD /route` as line 2 of a header states it: `ANY` for a file that answers every method. */
export const endpoint = (method: string, route: string) =>
  `${method === 'default' ? 'ANY' : method.toUpperCase()} ${route}`;

/**
 * The one list of API routes: the route files Nitro scanned (its own file-name rules) and the
 * handlers this module adds, each with its header. Line 2 of a header must state what Nitro serves
 * the file as, line 3 who may call it, and a route that needs a session must answer 401; a file
 * that does not fails the build, named.
 */
export function apiRoutes(nitro: Nitro, own: readonly NitroEventHandler[], root: string): ApiRoute[] {
  const handlers = [...nitro.scannedHandlers, ...own];
  // A GET route's own handler listed for HEAD too (tools/vite/head-routes.ts) is that route again.
  const isGet = (handler: string) =>
    handlers.some((other) => other.method === 'get' && other.handler === handler);
  return handlers
    .filter(
      ({ route, middleware, method, handler }) =>
        route && !middleware && !(method === 'head' && isGet(handler)),
    )
    .map(({ route, method = 'default', handler }) => {
      const file = relative(root, handler).split('\\').join('/');
      const text = readFileSync(handler, 'utf8');
      const header = readHeader(file, text);
      const served = endpoint(method.toLowerCase(), route!);
      // A WebSocket handler (h3's `defineWebSocketHandler`) is a file without a method suffix.
      const stated = endpoint(header.method === 'WS' ? 'default' : header.method.toLowerCase(), header.url);
      if (stated !== served) {
        throw new Error(`${file}: line 2 says ${header.method} ${header.url}, but Nitro serves ${served}`);
      }
      const access = readAccess(file, text);
      const answers = readAnswers(file, handler, text);
      if (sessionRules.includes(access.access) && !answers['401'])
        throw new Error(`${file}: '${access.access}' answers 401 without a session: tag its guard's 401`);
      return { route: route!, method: method.toLowerCase(), handler, file, header, access, answers };
    })
    .sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
}

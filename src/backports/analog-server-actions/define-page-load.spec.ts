import { createError, defineEventHandler, setResponseStatus } from 'h3';
import type { $Fetch } from 'nitropack';
import { $fetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { definePageLoad } from '#server-actions';

import { serveRoutes } from '../../../test/support/serve-routes';

type Load = ReturnType<typeof definePageLoad>;

/** ofetch's `$fetch`, which Nitro's is made from, given Nitro's type. */
const fetch$ = $fetch as unknown as $Fetch;

/** Serves `load` as Analog 2.7's generated page endpoint does: its GET calls `load` with the event. */
const pageEndpoint = (load: Load) =>
  defineEventHandler((event) =>
    load({ params: event.context.params, req: event.node.req, res: event.node.res, fetch: fetch$, event }),
  );

const calls = { handler: 0 };
let api = '';

const base = await serveRoutes({
  '/api/down': defineEventHandler((event) => {
    setResponseStatus(event, 503);
    return { statusCode: 503, statusMessage: 'Service Unavailable' };
  }),
  '/items/:id': pageEndpoint(
    definePageLoad({
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ tab: z.enum(['details', 'reviews']).default('details') }),
      handler: ({ params, query }) => {
        calls.handler += 1;
        return { id: params.id, tab: query.tab };
      },
    }),
  ),
  '/raw/:slug': pageEndpoint(definePageLoad({ handler: ({ params, query }) => ({ params, query }) })),
  '/missing': pageEndpoint(
    definePageLoad({
      handler: () => {
        throw createError({ statusCode: 404, statusMessage: 'Not Found' });
      },
    }),
  ),
  '/fetches-down': pageEndpoint(definePageLoad({ handler: ({ fetch }) => fetch(`${api}/api/down`) })),
  '/broken': pageEndpoint(
    definePageLoad({
      handler: () => {
        throw new Error('a bug in the loader');
      },
    }),
  ),
});
api = base;

describe('definePageLoad', () => {
  it('passes the decoded params and the query, validated and typed, to the handler', async () => {
    const response = await fetch(`${base}/items/%34%32?tab=reviews`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 42, tab: 'reviews' });
  });

  it('answers 422 with the issues of both params and query, without calling the handler', async () => {
    const before = calls.handler;
    const response = await fetch(`${base}/items/..%2f..%2fadmin?tab=secrets`);
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as { path: string[] }[];
    expect(issues.map((issue) => issue.path[0]).sort()).toEqual(['id', 'tab']);
    expect(calls.handler).toBe(before);
  });

  it("passes the router's params and the query as they are without schemas", async () => {
    const response = await fetch(`${base}/raw/a%20b?x=1`);
    expect(await response.json()).toEqual({ params: { slug: 'a b' }, query: { x: '1' } });
  });

  it('answers a 4xx its handler throws with that status', async () => {
    expect((await fetch(`${base}/missing`)).status).toBe(404);
  });

  it('answers the error status of the API its handler fetched', async () => {
    expect((await fetch(`${base}/fetches-down`)).status).toBe(503);
  });

  it('rethrows any other error: a 500', async () => {
    expect((await fetch(`${base}/broken`)).status).toBe(500);
  });
});

import type { H3Event, H3EventContext } from 'h3';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

import { defineApiRoute, defineServerRoute } from '#server-actions';

import type { InputRecord } from './request-input';

describe('handler arguments are typed from each schema output', () => {
  it('types params, query, body and data', () => {
    defineApiRoute({
      params: z.object({ id: z.coerce.number() }),
      query: z.object({ page: z.coerce.number().default(1) }),
      body: z.object({ name: z.string() }),
      handler: ({ params, query, body, data, event }) => {
        expectTypeOf(params).toEqualTypeOf<{ id: number }>();
        expectTypeOf(query).toEqualTypeOf<{ page: number }>();
        expectTypeOf(body).toEqualTypeOf<{ name: string }>();
        expectTypeOf(data).toEqualTypeOf<{ page: number } | { name: string }>();
        expectTypeOf(event).toEqualTypeOf<H3Event>();
      },
    });
  });

  it('types data from input when input is given', () => {
    defineServerRoute({
      input: z.object({ topic: z.string().optional().default('general') }),
      handler: ({ data }) => {
        expectTypeOf(data).toEqualTypeOf<{ topic: string }>();
      },
    });
  });

  it('keeps the router raw types where no schema is given', () => {
    defineApiRoute({
      handler: ({ params, query, body }) => {
        expectTypeOf(params).toEqualTypeOf<H3EventContext['params']>();
        expectTypeOf(query).toEqualTypeOf<InputRecord>();
        expectTypeOf(body).toEqualTypeOf<InputRecord>();
      },
    });
  });
});

/** Idempotent write: `withIdempotency` counts a donation once per `Idempotency-Key`, and a retry gets the first answer. */
// POST /api/v1/donations
// Access: anyone. Limits: Body ≤ 1 MiB; an amount of 1 to 10,000; one total row, plus a stored answer per `Idempotency-Key`: 1,000 keys per caller (an IPv6 /64, or the account), kept 24 h.
// 200: The amount counted and the new total, or, for a retried `Idempotency-Key`, the first answer again.
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { useDatabase } from '../../../lib/db';
import { idempotentOperation, withIdempotency } from '../../../lib/idempotency';

/** The `Idempotency-Key` header and its 400, 409 and 422: see lib/idempotency. */
export const openApi = idempotentOperation();

export const route = defineServerRoute({
  body: z.object({ amount: z.number().int().min(1).max(10_000) }),
  output: z.object({ amount: z.number(), total: z.number() }),
  // A client that timed out can't know whether its donation was counted; with a key, its retry is not counted again.
  handler: ({ body: { amount }, event }) =>
    withIdempotency(event, async () => {
      const db = await useDatabase();
      const { rows } = await db.sql<{ rows: { total: number | string }[] }>`UPDATE donation_total
        SET total = total + ${amount} RETURNING total`;
      return { amount, total: Number(rows[0].total) };
    }),
});

export default route;

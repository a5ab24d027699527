import { useStorage } from 'nitropack/runtime';
import { z } from 'zod';

import { useDatabase } from '../db';

/** How `GET /api/v1/todos/summary` groups: by creation day or month; also every cache key it has. */
export const summaryPeriods = ['day', 'month'] as const;

type SummaryPeriod = (typeof summaryPeriods)[number];

/** The query of `GET /api/v1/todos/summary`. */
export const todoSummaryQuery = z.object({ by: z.enum(summaryPeriods).default('month') });

const count = z.number().int().nonnegative();

/** The todo report; `computedAt` tells a cached answer from a fresh one. */
export const todoSummary = z.object({
  by: z.enum(summaryPeriods),
  total: count,
  done: count,
  periods: z.array(z.object({ period: z.string(), created: count, done: count })),
  computedAt: z.iso.datetime(),
});

/** The cached handler's `name`: its entries are `cache:nitro:handlers:todo-summary:<key>.json`. */
export const todoSummaryCacheName = 'todo-summary';

/** `created_at` is ISO 8601 text: its first 10 characters are the day, its first 7 the month. */
const periodLength: Record<SummaryPeriod, number> = { day: 10, month: 7 };

interface PeriodRow {
  period: string;
  created: number | string;
  done: number | string | null;
}

/**
 * Counts every todo, by creation day or month: a `GROUP BY` over the whole table, the kind of
 * answer worth caching. PostgreSQL answers `count` and `sum` as text (bigint), hence `Number`.
 */
export async function summarizeTodos(by: SummaryPeriod) {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: PeriodRow[] }>`SELECT
      substr(created_at, 1, ${periodLength[by]}) AS period,
      count(*) AS created,
      sum(CASE WHEN done THEN 1 ELSE 0 END) AS done
    FROM todos GROUP BY period ORDER BY period`;
  const periods = rows.map((row) => ({
    period: row.period,
    created: Number(row.created),
    done: Number(row.done ?? 0),
  }));
  return {
    by,
    total: periods.reduce((sum, period) => sum + period.created, 0),
    done: periods.reduce((sum, period) => sum + period.done, 0),
    periods,
    computedAt: new Date().toISOString(),
  };
}

/**
 * Drops every cached summary after a write, in the shared `cache:` storage (cache-storage.ts),
 * so the next read in any process computes afresh. The key space is the two groupings, so the
 * keys are known; a key made from free input could not be listed like this.
 */
export async function forgetTodoSummaries(): Promise<void> {
  const cache = useStorage('cache');
  await Promise.all(
    summaryPeriods.map((by) => cache.removeItem(`nitro:handlers:${todoSummaryCacheName}:${by}.json`)),
  );
}

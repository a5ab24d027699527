import { useStorage } from 'nitropack/runtime';

import { useDatabase } from '../db';
import { type SummaryPeriod, summaryPeriods } from './todo-schemas';

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
 * Drops every cached summary after a write, in the shared `cache:` storage (lib/cache/cache-storage.ts),
 * so the next read in any process computes afresh. The key space is the two groupings, so the
 * keys are known; a key made from free input could not be listed like this.
 */
export async function forgetTodoSummaries(): Promise<void> {
  const cache = useStorage('cache');
  await Promise.all(
    summaryPeriods.map((by) => cache.removeItem(`nitro:handlers:${todoSummaryCacheName}:${by}.json`)),
  );
}

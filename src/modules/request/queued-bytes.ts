import { budget, budgetSettings } from './budget';

/**
 * Bytes a process holds queued for clients that read slower than it writes (WebSocket frames,
 * event streams), counted per caller and in all: `budget.queuedBytes` (BUDGET_QUEUED_BYTES,
 * 64 MiB) and `queuedBytesPerCaller` (1 MiB). A socket whose caller is over its share is closed.
 */
export const queuedBytes = budget(() => {
  const { queuedBytes: total, queuedBytesPerCaller: perCaller } = budgetSettings();
  return { what: 'bytes queued for slow readers', total, perCaller };
});

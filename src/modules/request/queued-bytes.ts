import { budget, budgetSettings } from './budget';

/** Bytes queued for clients that read slower than the server writes (WebSocket frames, event streams). */
export const queuedBytes = budget(() => {
  const { queuedBytes: total, queuedBytesPerCaller: perCaller } = budgetSettings();
  return { what: 'bytes queued for slow readers', total, perCaller };
});

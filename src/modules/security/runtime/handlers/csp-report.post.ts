/** Report sink: browsers POST Content-Security-Policy violations here; rate-limited per address, sampled into the log, never echoed. */
// POST /api/csp-report
// Access: anyone. Limits: Body ≤ 16 KiB; 60 reports per minute per address; at most 20 violations logged per minute per process (the rest counted), never stored or echoed.
// 204: The report was taken (and logged, within the sample). 400: Not a CSP violation report. 413: The report is over its size limit.
import { createError, defineEventHandler, readRawBody, sendNoContent } from 'h3';

import { cspReportBody, logViolation, takeReport, violations } from '../csp-report.ts';

/** The body is capped at 16 KiB by its route rule (`bodyLimit`, set in ../../index.ts). */
export default defineEventHandler(async (event) => {
  takeReport(event);
  const raw = (await readRawBody(event, 'utf8')) ?? '';
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = cspReportBody.safeParse(json);
  if (!parsed.success) {
    throw createError({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'Not a CSP violation report',
    });
  }
  for (const violation of violations(parsed.data)) logViolation(violation);
  return sendNoContent(event);
});

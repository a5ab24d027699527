/** Report sink: browsers POST Content-Security-Policy violations here; each is logged, nothing is echoed. */
// POST /api/csp-report
import { createError, defineEventHandler, readRawBody, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { cspReportBody, violations } from '../csp-report.ts';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'Body ≤ 16 KiB; each report is logged, never stored or echoed.',
    responses: {
      204: { description: 'The report was logged.' },
      400: { description: 'Not a CSP violation report.' },
      413: { description: 'The report is over its size limit.' },
    },
  },
});

/** The body is capped at 16 KiB by its route rule (`bodyLimit`, set in ../../index.ts). */
export default defineEventHandler(async (event) => {
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
  for (const violation of violations(parsed.data)) console.warn('[csp-violation]', JSON.stringify(violation));
  return sendNoContent(event);
});

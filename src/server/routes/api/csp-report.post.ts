/** Report sink: browsers POST Content-Security-Policy violations here; each is logged, nothing is echoed. */
// POST /api/csp-report
import { createError, defineEventHandler, readRawBody, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { cspReportBody, maxReportBytes, violations } from '../../lib/csp-report';

defineRouteMeta({
  openAPI: {
    responses: {
      204: { description: 'The report was logged.' },
      400: { description: 'Not a CSP violation report.' },
      413: { description: 'The report is over its size limit.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const raw = (await readRawBody(event, false)) ?? Buffer.alloc(0);
  if (raw.length > maxReportBytes) {
    throw createError({
      statusCode: 413,
      statusMessage: 'Payload Too Large',
      message: `Reports are limited to ${maxReportBytes} bytes`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
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

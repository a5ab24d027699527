import { type H3Event, createError, setResponseHeader } from 'h3';
import { z } from 'zod';

import { addressKey, clientAddress } from '../../request/index.ts';

const text = z
  .string()
  .transform((value) => value.slice(0, 500))
  .optional();

/** `report-uri` sends one `{"csp-report": {...}}` as `application/csp-report`. */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'blocked-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    disposition: text,
  }),
});

/** `report-to` (Reporting API) sends an array of reports as `application/reports+json`. */
const reportingApiReports = z
  .array(
    z.object({
      type: z.literal('csp-violation'),
      body: z.object({
        documentURL: text,
        blockedURL: text,
        effectiveDirective: text,
        disposition: text,
      }),
    }),
  )
  .min(1)
  .max(50);

export const cspReportBody = z.union([legacyReport, reportingApiReports]);

export interface Violation {
  document?: string;
  blocked?: string;
  directive?: string;
  disposition?: string;
}

/** Both report formats as one list of violations, with only the fields worth logging. */
export function violations(body: z.infer<typeof cspReportBody>): Violation[] {
  if (Array.isArray(body))
    return body.map(({ body: report }) => ({
      document: report.documentURL,
      blocked: report.blockedURL,
      directive: report.effectiveDirective,
      disposition: report.disposition,
    }));
  const report = body['csp-report'];
  return [
    {
      document: report['document-uri'],
      blocked: report['blocked-uri'],
      directive: report['effective-directive'] ?? report['violated-directive'],
      disposition: report.disposition,
    },
  ];
}

/** Reports one client address (an IPv6 /64) may send per minute; more are refused with 429. */
export const reportsPerMinute = 60;
/** Violations logged per minute by one process; the rest are counted, and the next line says how many. */
export const loggedPerMinute = 20;

let minute = { endsAt: 0, reports: new Map<string, number>(), logged: 0, left: 0 };

/** The current minute's counters: all start again once a minute has passed, so the map holds one minute of addresses. */
function currentWindow() {
  const now = Date.now();
  if (now >= minute.endsAt) {
    if (minute.left) console.warn(`[csp-violation] ${minute.left} more in the last minute, not logged`);
    minute = { endsAt: now + 60_000, reports: new Map(), logged: 0, left: 0 };
  }
  return minute;
}

/**
 * Counts a report against its client address, or refuses it with 429 past `reportsPerMinute`: a
 * browser sends a few per page at most, and each one costs a log line.
 * @status 429 Too many reports from this address; see `Retry-After`.
 */
export function takeReport(event: H3Event): void {
  const { reports, endsAt } = currentWindow();
  const address = addressKey(clientAddress(event));
  const count = (reports.get(address) ?? 0) + 1;
  reports.set(address, count);
  if (count <= reportsPerMinute) return;
  setResponseHeader(event, 'retry-after', Math.ceil((endsAt - Date.now()) / 1_000));
  throw createError({
    statusCode: 429,
    statusMessage: 'Too Many Requests',
    message: `At most ${reportsPerMinute} reports per minute`,
  });
}

/** Logs each violation, up to `loggedPerMinute` a minute in this process; past it, counts it. */
export function logViolation(violation: Violation): void {
  const current = currentWindow();
  if (current.logged < loggedPerMinute) {
    current.logged += 1;
    console.warn('[csp-violation]', JSON.stringify(violation));
  } else current.left += 1;
}

import { z } from 'zod';

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
  if (Array.isArray(body)) {
    return body.map(({ body: report }) => ({
      document: report.documentURL,
      blocked: report.blockedURL,
      directive: report.effectiveDirective,
      disposition: report.disposition,
    }));
  }
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

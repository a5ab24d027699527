import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createRouter } from 'radix3';

import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiResponse,
} from '../../src/modules/api-contract';

type Operation = OpenApiOperation;

/** One response the suite saw: what the contract checks. */
export interface SeenResponse {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * Checks responses against the document: the operation is found the way Nitro routes (the
 * route's own file for its method, else the `/api/**` catch-all), its status must be
 * documented, and a JSON body must match the documented schema (ajv, JSON Schema 2020-12).
 */
export function contractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components });

  const routes = createRouter<{ operations: Record<string, Operation> }>();
  const byRoute = new Map<string, Record<string, Operation>>();
  for (const item of Object.values(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operations = byRoute.get(op['x-analog-route']) ?? {};
      operations[method] = op;
      byRoute.set(op['x-analog-route'], operations);
    }
  }
  for (const [route, operations] of byRoute) routes.insert(route, { operations });
  const fallback = byRoute.get('/api/**') ?? {};

  function operationFor(method: string, path: string): Operation | undefined {
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    return routes.lookup(path)?.operations[verb] ?? fallback[verb];
  }

  function responseFor(op: Operation, status: number): OpenApiResponse | undefined {
    const response = op.responses[String(status)];
    if (response && '$ref' in response) return document.components.responses[response.$ref.split('/').pop()!];
    return response;
  }

  /** The problems with one response: empty when it is documented and its JSON body matches. */
  return function check({ method, path, status, contentType, body }: SeenResponse): string[] {
    const pathname = path.split('?')[0];
    // Analog's own endpoints under `/api/_analog/` (page loaders and form actions) are no part of the API.
    if (!pathname.startsWith('/api/') || pathname.startsWith('/api/_analog/')) return [];
    const where = `${method} ${pathname} → ${status}`;
    // h3 1.x decodes the path before routing and cuts it at a decoded `?`, without a trailing slash.
    const routed = pathname.replace(/%3f.*$/i, '').replace(/(.)\/$/, '$1');
    const op = operationFor(method, routed);
    if (!op) return [`${where}: no documented operation`];
    const response = responseFor(op, status);
    if (!response) return [`${where}: status not documented for ${op['x-analog-route']}`];
    if (method === 'HEAD' || !contentType.startsWith('application/json') || status === 304) return [];
    const documented = response.content?.['application/json'];
    if (!documented) return [`${where}: JSON body where none is documented`];
    const schema = JSON.parse(
      JSON.stringify(documented.schema).replaceAll('"#/components/', '"openapi#/components/'),
    );
    const validate = ajv.compile(schema);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    if (validate(value)) return [];
    return [`${where}: body does not match its schema: ${ajv.errorsText(validate.errors)}`];
  };
}

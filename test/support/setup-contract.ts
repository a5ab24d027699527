import { afterEach, inject, vi } from 'vitest';

import type { OpenApiDocument } from '../../src/modules/api-contract';
import { type SeenResponse, contractChecker } from './openapi-contract';

/**
 * Holds every response of the production server that a spec sees, through `fetch` or the
 * raw-request helpers, to `/api/openapi.json`: an undocumented status or a JSON body that
 * doesn't match its documented schema fails the test that received it.
 */
const baseUrl = inject('baseUrl');
const nativeFetch = globalThis.fetch;
const document = (await (await nativeFetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
const check = contractChecker(document);
const problems: string[] = [];
const record = (seen: SeenResponse) => problems.push(...check(seen));

globalThis.fetch = async (input, init) => {
  const response = await nativeFetch(input, init);
  // A followed redirect is checked where it landed.
  const url = response.redirected ? response.url : input instanceof Request ? input.url : String(input);
  if (url.startsWith(`${baseUrl}/`)) {
    record({
      method: response.redirected
        ? 'GET'
        : (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.slice(baseUrl.length),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await response.clone().text(),
    });
  }
  return response;
};

vi.mock('./raw-request', async (importOriginal) => {
  const original = await importOriginal<typeof import('./raw-request')>();
  const rawRequest: typeof original.rawRequest = async (base, request) => {
    const response = await original.rawRequest(base, request);
    if (base === baseUrl) {
      const { method = 'GET', path } = request;
      record({
        method,
        path: path.split('?')[0],
        status: response.status,
        contentType: response.type,
        body: response.body,
      });
    }
    return response;
  };
  return { ...original, rawRequest, rawGet: (base: string, path: string) => rawRequest(base, { path }) };
});

afterEach(() => {
  if (problems.length)
    throw new Error(`Responses that break /api/openapi.json:\n${problems.splice(0).join('\n')}`);
});

import { HttpClient, HttpParams } from '@angular/common/http';
import { inject } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { type Api, type QueryValue, createApi } from './api-client';
import { fromHttpError } from './api-error';

function toHttpParams(query: Record<string, QueryValue> = {}): HttpParams {
  let params = new HttpParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params = params.append(key, String(item));
  }
  return params;
}

/** The typed client in a component or service, over Angular's `HttpClient` (call in an injection context). */
export function injectApi(): Api {
  const http = inject(HttpClient);
  return createApi(({ method, url, query, body }) =>
    firstValueFrom(http.request(method, url, { params: toHttpParams(query), body: body ?? null })).catch(
      (error: unknown) => {
        throw fromHttpError(error);
      },
    ),
  );
}

import { isPlatformServer } from '@angular/common';
import { type HttpInterceptorFn, HttpResponse } from '@angular/common/http';
import { PLATFORM_ID, inject } from '@angular/core';
import { injectRequest, injectResponse } from '@analogjs/router/tokens';
import { tap } from 'rxjs';

// Private API (checked against @analogjs/vite-plugin-nitro@2.7.5): the URL Analog serves each page's
// `.server.ts` at. Code that needs a page's endpoint should ask `injectRouteEndpointURL` instead.
const pageEndpointPath = '/_analog/pages/';

/**
 * Carries cookies both ways across the server loader call of the first server render, with the
 * request's protocol so the loader can mark cookies `Secure`. During SSR, Analog fetches a page's
 * `.server.ts` loader through an in-process `$fetch` (`requestContextInterceptor`), which never
 * reaches Analog's own cookie interceptor: the loader would see none of the browser's cookies, and
 * its `Set-Cookie` would never reach the browser. Register it before `requestContextInterceptor`.
 */

export const loaderCookiesInterceptor: HttpInterceptorFn = (request, next) => {
  if (!isPlatformServer(inject(PLATFORM_ID)) || !request.url.includes(pageEndpointPath)) return next(request);
  const incoming = injectRequest();
  const outgoing = injectResponse();
  const headers: Record<string, string> = {};
  if (incoming?.headers.cookie) headers['cookie'] = incoming.headers.cookie;
  // The loader's event is an internal request: tell it how the browser's request arrived.
  const encrypted = (incoming?.socket as { encrypted?: boolean } | undefined)?.encrypted;
  const proto = incoming?.headers['x-forwarded-proto'] ?? (encrypted ? 'https' : undefined);
  if (typeof proto === 'string') headers['x-forwarded-proto'] = proto;
  return next(request.clone({ setHeaders: headers })).pipe(
    tap((event) => {
      if (!(event instanceof HttpResponse) || !outgoing || outgoing.headersSent) return;
      for (const setCookie of event.headers.getAll('set-cookie') ?? [])
        outgoing.appendHeader('set-cookie', setCookie);
    }),
  );
};

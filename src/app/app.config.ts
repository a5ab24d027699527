import { APP_BASE_HREF } from '@angular/common';
import { provideHttpClient, withFetch, withInterceptors } from '@angular/common/http';
import { ApplicationConfig, InjectionToken, provideZonelessChangeDetection } from '@angular/core';
import { provideClientHydration, withEventReplay } from '@angular/platform-browser';
import { provideFileRouter, requestContextInterceptor } from '@analogjs/router';
import { withComponentInputBinding, withRouterConfig } from '@angular/router';
import { QueryClient, provideTanStackQuery } from '@tanstack/angular-query-experimental';

import { withLoadFailures } from './load-failure/load-failure';
import { loaderCookiesInterceptor } from './loader-cookies.interceptor';

/** One QueryClient per application: per request on the server, so no user sees another's cache. */
const queryClient = new InjectionToken<QueryClient>('QueryClient', { factory: () => new QueryClient() });

export const appConfig: ApplicationConfig = {
  providers: [
    // The base href the router needs, given here instead of a <base> tag, which the pages'
    // Content-Security-Policy (`base-uri 'none'`) forbids so an injected one can't redirect scripts.
    { provide: APP_BASE_HREF, useValue: '/' },
    provideZonelessChangeDetection(),
    // A page whose loader fails answers the loader's status and says why (docs/pages-and-loaders.md).
    provideFileRouter(
      withComponentInputBinding(),
      withRouterConfig({ resolveNavigationPromiseOnError: true }),
      withLoadFailures(),
    ),
    provideHttpClient(withFetch(), withInterceptors([loaderCookiesInterceptor, requestContextInterceptor])),
    provideClientHydration(withEventReplay()),
    provideTanStackQuery(queryClient),
  ],
};

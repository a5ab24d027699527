import { provideHttpClient, withFetch, withInterceptors } from '@angular/common/http';
import { ApplicationConfig, InjectionToken, provideZoneChangeDetection } from '@angular/core';
import { provideClientHydration, withEventReplay } from '@angular/platform-browser';
import { provideFileRouter, requestContextInterceptor } from '@analogjs/router';
import { withComponentInputBinding } from '@angular/router';
import { QueryClient, provideTanStackQuery } from '@tanstack/angular-query-experimental';

import { loaderCookiesInterceptor } from './loader-cookies.interceptor';

/** One QueryClient per application: per request on the server, so no user sees another's cache. */
const queryClient = new InjectionToken<QueryClient>('QueryClient', { factory: () => new QueryClient() });

export const appConfig: ApplicationConfig = {
  providers: [
    provideZoneChangeDetection({ eventCoalescing: true }),
    provideFileRouter(withComponentInputBinding()),
    provideHttpClient(withFetch(), withInterceptors([loaderCookiesInterceptor, requestContextInterceptor])),
    provideClientHydration(withEventReplay()),
    provideTanStackQuery(queryClient),
  ],
};

import { ApplicationConfig, mergeApplicationConfig } from '@angular/core';
import { provideServerRendering } from '@angular/platform-server';
import { provideServerFns, withAllowedOrigins, withServerFnInterceptors } from '@analogjs/router/server';

import { appConfig } from './app.config';
import { requestIdInterceptor } from './reviews/request-id.interceptor';

/**
 * Origins besides the app's own whose pages may call its server functions, such as
 * `'https://admin.example.com'`. None: a browser call from any other origin answers 403.
 * Never `'*'` for functions that read cookies: it turns their CSRF protection off.
 */
const serverFnOrigins: string[] = [];

const serverConfig: ApplicationConfig = {
  providers: [
    provideServerRendering(),
    // Server functions run with these providers over HTTP and during SSR alike.
    provideServerFns(withServerFnInterceptors([requestIdInterceptor]), withAllowedOrigins(serverFnOrigins)),
  ],
};

export const config = mergeApplicationConfig(appConfig, serverConfig);

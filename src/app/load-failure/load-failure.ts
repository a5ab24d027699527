import {
  ChangeDetectionStrategy,
  Component,
  InjectionToken,
  computed,
  inject,
  input,
  signal,
} from '@angular/core';
import { NavigationEnd, Router, withNavigationErrorHandler } from '@angular/router';
import { injectResponse } from '@analogjs/router/tokens';
import { filter } from 'rxjs';

import { NotFound } from '../not-found/not-found';

/**
 * The HTTP status of a page whose loader failed: its loader endpoint's (an
 * `HttpErrorResponse` in the browser, ofetch's `FetchError` during the server render), else 500.
 */
export function loadFailureStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/** The status of the page load that failed, until the next navigation succeeds. */
export const failedLoad = new InjectionToken('failed page load', {
  factory: () => {
    const status = signal<number | undefined>(undefined);
    inject(Router)
      .events.pipe(filter((event) => event instanceof NavigationEnd))
      .subscribe(() => status.set(undefined));
    return status;
  },
});

/**
 * Router feature: a page whose loader failed answers its loader's status, on the server render
 * (Analog 2.7 answers 200 with an empty page, analogjs/analog#2522), and `App` shows why in place
 * of the page. Register it with `withRouterConfig({ resolveNavigationPromiseOnError: true })`, so
 * the failure is no uncaught error, an `ERROR` line with a stack in the log.
 */
export const withLoadFailures = () =>
  withNavigationErrorHandler(({ error }) => {
    const status = loadFailureStatus(error);
    const response = injectResponse();
    if (response) response.statusCode = status;
    inject(failedLoad).set(status);
  });

/** What a visitor sees for a failed page load: "not found", a bad address, or try again. */
@Component({
  selector: 'app-load-failure',
  imports: [NotFound],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @switch (kind()) {
      @case ('not-found') {
        <app-not-found />
      }
      @case ('bad-address') {
        <h1>This address is not valid</h1>
        <p>The page can't show what it names. Check the address.</p>
      }
      @default {
        <h1>This page could not load</h1>
        <p>Something went wrong on our side. Please try again in a moment.</p>
      }
    }
  `,
})
export class LoadFailure {
  readonly status = input.required<number>();
  protected readonly kind = computed(() => {
    const status = this.status();
    if (status === 404) return 'not-found';
    return status < 500 ? 'bad-address' : 'server';
  });
}

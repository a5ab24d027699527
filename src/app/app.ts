import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type IsActiveMatchOptions, NavigationEnd, Router, RouterLink, RouterOutlet } from '@angular/router';
import { filter, map } from 'rxjs';

import { LoadFailure, failedLoad } from './load-failure/load-failure';

/** What `routerLinkActiveOptions: { exact: true }` means: this path, these query params. */
const exactly: IsActiveMatchOptions = {
  paths: 'exact',
  queryParams: 'exact',
  fragment: 'ignored',
  matrixParams: 'ignored',
};

@Component({
  selector: 'app-root',
  imports: [LoadFailure, RouterOutlet, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <nav aria-label="Main">
        @for (link of links; track link.path) {
          <a
            [routerLink]="link.path"
            [class.active]="link.path === activePath()"
            [attr.aria-current]="link.path === activePath() ? 'page' : null"
            >{{ link.label }}</a
          >
        }
      </nav>
    </header>
    <main>
      @if (failedLoad(); as status) {
        <app-load-failure [status]="status" />
      } @else {
        <router-outlet />
      }
    </main>
  `,
})
export class App {
  protected readonly links = [
    { path: '/', label: 'Products' },
    { path: '/cookies', label: 'Cookies' },
    { path: '/contact', label: 'Contact' },
    { path: '/todos', label: 'Todos' },
    { path: '/reviews', label: 'Reviews' },
    { path: '/files', label: 'Files' },
    { path: '/search', label: 'Search' },
    { path: '/routes', label: 'Routes' },
    { path: '/reference', label: 'API reference' },
  ];

  /** The status of a page load that failed: its reason shows in place of the page. */
  protected readonly failedLoad = inject(failedLoad);
  private readonly router = inject(Router);
  private readonly url = toSignal(
    this.router.events.pipe(
      filter((event) => event instanceof NavigationEnd),
      map((event) => event.urlAfterRedirects),
    ),
    { initialValue: this.router.url },
  );

  /**
   * The link of the current page, found once per navigation for the whole nav: one signal
   * instead of a `RouterLinkActive` per link, each with its own subscription and checks
   * (what they cost a server render showed in the bench). Same match as
   * `routerLinkActiveOptions: { exact: true }`.
   */
  protected readonly activePath = computed(() => {
    this.url();
    return this.links.find((link) => this.router.isActive(link.path, exactly))?.path;
  });
}

import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type IsActiveMatchOptions, NavigationEnd, Router, RouterLink } from '@angular/router';
import { filter, map } from 'rxjs';

const exactly: IsActiveMatchOptions = {
  paths: 'exact',
  queryParams: 'exact',
  fragment: 'ignored',
  matrixParams: 'ignored',
};

/**
 * A copy of the app's shell (src/app/app.ts) for the bench's "same page, built the stock way":
 * the same nav and active-link signal, around the page instead of around a router outlet.
 */
@Component({
  selector: 'app-shell-copy',
  imports: [RouterLink],
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
    <main><ng-content /></main>
  `,
})
export class AppShellCopy {
  protected readonly links = [
    { path: '/', label: 'Products' },
    { path: '/app-cookies', label: 'Cookies' },
    { path: '/contact', label: 'Contact' },
    { path: '/todos', label: 'Todos' },
    { path: '/reviews', label: 'Reviews' },
    { path: '/files', label: 'Files' },
    { path: '/search', label: 'Search' },
    { path: '/routes', label: 'Routes' },
    { path: '/reference', label: 'API reference' },
  ];

  private readonly router = inject(Router);
  private readonly url = toSignal(
    this.router.events.pipe(
      filter((event) => event instanceof NavigationEnd),
      map((event) => event.urlAfterRedirects),
    ),
    { initialValue: this.router.url },
  );

  protected readonly activePath = computed(() => {
    this.url();
    return this.links.find((link) => this.router.isActive(link.path, exactly))?.path;
  });
}

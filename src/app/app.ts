import { ChangeDetectionStrategy, Component } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';

@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink, RouterLinkActive],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <nav aria-label="Main">
        @for (link of links; track link.path) {
          <a
            [routerLink]="link.path"
            routerLinkActive="active"
            [routerLinkActiveOptions]="{ exact: true }"
            ariaCurrentWhenActive="page"
            >{{ link.label }}</a
          >
        }
      </nav>
    </header>
    <main><router-outlet /></main>
  `,
})
export class App {
  protected readonly links = [
    { path: '/', label: 'Products' },
    { path: '/cookies', label: 'Cookies' },
    { path: '/contact', label: 'Contact' },
    { path: '/todos', label: 'Todos' },
    { path: '/search', label: 'Search' },
    { path: '/routes', label: 'Routes' },
    { path: '/reference', label: 'API reference' },
  ];
}

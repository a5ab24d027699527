/** Prerendered page: the route catalogue, built from the route files' headers, with "Try it" buttons. */
// PAGE /routes
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { RouteMeta } from '@analogjs/router';
import { routeCatalogue } from 'virtual:route-catalogue';

import { tryRequest } from '../catalogue/route-catalogue';
import { TryRoute } from '../catalogue/try-route';

export const routeMeta: RouteMeta = { title: 'Route catalogue · Analog API routes' };

@Component({
  selector: 'app-routes-page',
  imports: [RouterLink, TryRoute],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Route catalogue</h1>
    <p>
      Every API route under <code>src/server/routes</code> and every page under <code>src/app/pages</code>,
      read from the first two lines of each file, with a live request to try.
    </p>
    <p>
      Each operation's parameters, body and response schemas are in the
      <a routerLink="/reference">API reference</a>, built from <code>/api/openapi.json</code>.
    </p>
    <table class="catalogue">
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Method</th>
          <th scope="col">URL</th>
          <th scope="col">Pattern</th>
          <th scope="col">Try it</th>
        </tr>
      </thead>
      <tbody>
        @for (route of routes; track route.file) {
          <tr>
            <td>
              <code>{{ route.file }}</code>
            </td>
            <td>{{ route.method }}</td>
            <td>
              @if (route.kind === 'page' && !route.url.includes('*') && !route.url.includes(':')) {
                <a [routerLink]="route.url"
                  ><code>{{ route.url }}</code></a
                >
              } @else {
                <code>{{ route.url }}</code>
              }
            </td>
            <td>
              <strong>{{ route.pattern }}</strong>: {{ route.when }}
            </td>
            <td>
              @if (route.request; as request) {
                <app-try-route [request]="request" />
              }
            </td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export default class RoutesPage {
  protected readonly routes = routeCatalogue.map((entry) => ({ ...entry, request: tryRequest(entry) }));
}

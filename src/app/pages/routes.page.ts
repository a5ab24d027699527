import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { routeCatalogue } from '../catalogue/route-catalogue';
import { TryRoute } from '../catalogue/try-route';

export const routeMeta: RouteMeta = { title: 'Route catalogue · Analog API routes' };

@Component({
  selector: 'app-routes-page',
  imports: [TryRoute],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Route catalogue</h1>
    <p>Every file under <code>src/server/routes/api</code>, what it shows, and a live request to try.</p>
    <table class="catalogue">
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Method</th>
          <th scope="col">URL</th>
          <th scope="col">Shows</th>
          <th scope="col">Try it</th>
        </tr>
      </thead>
      <tbody>
        @for (route of routes; track route.file) {
          <tr>
            <td>
              <code>{{ route.file }}</code>
            </td>
            <td>{{ route.methods }}</td>
            <td>
              <code>{{ route.url }}</code>
            </td>
            <td>{{ route.shows }}</td>
            <td><app-try-route [request]="route.tryIt" /></td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export default class RoutesPage {
  protected readonly routes = routeCatalogue;
}

/** Streamed page: its head leaves at once while the loader waits 300 ms for a slow supplier, then the rest follows. */
// PAGE /dashboard
import { CurrencyPipe, DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import type { load } from './dashboard.server';

export const routeMeta: RouteMeta = { title: 'Dashboard · Analog API routes' };

@Component({
  selector: 'app-dashboard-page',
  imports: [CurrencyPipe, DatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Dashboard</h1>
    <p>
      The supplier's prices take 300 ms. This page is streamed: the server sent its head, with the stylesheet
      and scripts, before that wait, so the browser fetched them meanwhile.
    </p>
    <h2>Todos</h2>
    <p>{{ data().todos.done }} of {{ data().todos.total }} done.</p>
    <h2>Supplier prices</h2>
    <p>As of {{ data().supplier.asOf | date: 'medium' : 'UTC' }} UTC.</p>
    <table>
      <caption>
        Purchase price per product
      </caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">List price</th>
          <th scope="col">Purchase price</th>
        </tr>
      </thead>
      <tbody>
        @for (row of data().supplier.prices; track row.id) {
          <tr>
            <td>{{ row.name }}</td>
            <td>{{ row.listPrice | currency: 'USD' }}</td>
            <td>{{ row.purchasePrice | currency: 'USD' }}</td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export default class DashboardPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}

/** Loader reading cookies: `cookies.server.ts` lists the request's cookies with `parseCookies`. */
// PAGE /cookies
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import type { load } from './cookies.server';

export const routeMeta: RouteMeta = { title: 'Cookies · Analog API routes' };

@Component({
  selector: 'app-cookies-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Cookies</h1>
    <p>The server loader read these request cookies with <code>parseCookies(event)</code>.</p>
    @if (data().cookies.length) {
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          @for (cookie of data().cookies; track cookie.name) {
            <tr>
              <td>{{ cookie.name }}</td>
              <td>{{ cookie.value }}</td>
            </tr>
          }
        </tbody>
      </table>
    } @else {
      <p class="empty">No cookies yet. Visit the products page to get one.</p>
    }
  `,
})
export default class CookiesPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}

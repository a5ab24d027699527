/** Loader reading cookies: `cookies.server.ts` lists the request's cookies with `parseCookies`. */
// PAGE /cookies
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';
import { injectResponse } from '@analogjs/router/tokens';

import type { load } from './cookies.server';

export const routeMeta: RouteMeta = { title: 'Cookies · Analog API routes' };

@Component({
  selector: 'app-cookies-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Cookies</h1>
    <p>The server loader read these request cookies with <code>parseCookies(event)</code>.</p>
    <p>
      It sees <code>HttpOnly</code> cookies too, but shows only the names of those this app sets: any script
      on this origin can read this page, and <code>HttpOnly</code> exists to keep their values from scripts.
    </p>
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
              <td>{{ cookie.value ?? 'hidden (HttpOnly)' }}</td>
            </tr>
          }
        </tbody>
      </table>
      @if (data().unlisted; as unlisted) {
        <p class="unlisted">And {{ unlisted }} more, not listed.</p>
      }
    } @else {
      <p class="empty">No cookies yet. Visit the products page to get one.</p>
    }
  `,
})
export default class CookiesPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });

  constructor() {
    // This visitor's cookies, which no shared cache may keep. Only the server has a response to set it on.
    injectResponse()?.setHeader('cache-control', 'private, no-store');
  }
}

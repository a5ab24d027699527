import { ChangeDetectionStrategy, Component } from '@angular/core';

import CookiesPage from '../../../../../src/app/pages/cookies.page';
import { AppShellCopy } from '../copy/app-shell';

export { routeMeta } from '../../../../../src/app/pages/cookies.page';

/**
 * The app's own /cookies page inside a copy of its shell, built the stock way: stock `render`,
 * no nonce, no security module, no loader-cookie interceptor, no TanStack Query provider.
 */
@Component({
  selector: 'app-cookies-in-shell',
  imports: [AppShellCopy, CookiesPage],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<app-shell-copy><app-cookies-page /></app-shell-copy>`,
})
export default class AppCookiesInShell {}

/** Catch-all page: every URL no other page matches renders "not found", with status 404 on the server. */
// PAGE /**
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { NotFound } from '../not-found/not-found';

export const routeMeta: RouteMeta = { title: 'Page not found · Analog API routes' };

@Component({
  selector: 'app-not-found-page',
  imports: [NotFound],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<app-not-found />`,
})
export default class NotFoundPage {}

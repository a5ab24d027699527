/** Owned uploads: `files.server.ts` lists your files; upload and delete them, or sign in first. */
// PAGE /files
import { isPlatformServer } from '@angular/common';
import { ChangeDetectionStrategy, Component, PLATFORM_ID, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import { type RouteMeta, injectLoad, injectRouteEndpointURL } from '@analogjs/router';
import { injectResponse } from '@analogjs/router/tokens';

import { FileGallery } from '../files/file-gallery';
import type { load } from './files.server';

export const routeMeta: RouteMeta = { title: 'Files · Analog API routes' };

@Component({
  selector: 'app-files-page',
  imports: [FileGallery],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Files</h1>
    <p>
      <code>POST /api/v1/files</code> reads the upload as it streams in, refuses a file over 5 MiB before it
      has all arrived, and keeps only PNG, JPEG, WebP, GIF and PDF, known by their first bytes. Your files are
      yours alone: only you can see, download or delete them, within a quota per account.
    </p>
    @if (data().files; as files) {
      <app-file-gallery [initialFiles]="files" [deleteAction]="endpoint" />
    } @else {
      <p><a href="/sign-in?next=%2Ffiles">Sign in</a> to upload files and see yours.</p>
    }
  `,
})
export default class FilesPage {
  private readonly route = inject(ActivatedRoute);
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
  protected readonly endpoint = injectRouteEndpointURL(this.route.snapshot).pathname;

  constructor() {
    // The page lists this user's files: no shared cache may keep it.
    if (isPlatformServer(inject(PLATFORM_ID)))
      injectResponse()?.setHeader('cache-control', 'private, no-store');
  }
}

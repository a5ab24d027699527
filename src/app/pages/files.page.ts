/** Uploads: a multipart form whose file the server streams, caps and types by its bytes. */
// PAGE /files
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { FileGallery } from '../files/file-gallery';

export const routeMeta: RouteMeta = { title: 'Files · Analog API routes' };

@Component({
  selector: 'app-files-page',
  imports: [FileGallery],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Files</h1>
    <p>
      <code>POST /api/v1/files</code> reads the upload as it streams in, refuses a file over 5 MiB before it
      has all arrived, and keeps only PNG, JPEG, WebP, GIF and PDF, known by their first bytes.
    </p>
    <app-file-gallery />
  `,
})
export default class FilesPage {}

import { isPlatformServer } from '@angular/common';
import { PLATFORM_ID, inject } from '@angular/core';
import { Router } from '@angular/router';
import { injectResponse } from '@analogjs/router/tokens';

/**
 * Sends the visitor to `url`, a path of this app, as a loader asked: the server render answers
 * 302 with `Location` (the browser never shows the page, JavaScript or not); in the browser the
 * router navigates, replacing the history entry. Call it in an injection context.
 */
export function followRedirect(url: string): void {
  if (isPlatformServer(inject(PLATFORM_ID))) {
    const response = injectResponse();
    if (response && !response.headersSent) {
      response.statusCode = 302;
      response.setHeader('location', url);
    }
    return;
  }
  void inject(Router).navigateByUrl(url, { replaceUrl: true });
}

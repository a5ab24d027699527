import { ChangeDetectionStrategy, Component, input, signal } from '@angular/core';

import type { TryRequest } from './route-catalogue';

interface TryResult {
  status: string;
  contentType: string;
  body: string;
}

const isStream = (response: Response) =>
  response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/** An image, sound or download: "Try it" says its size rather than printing its bytes as text. */
const isBinary = (response: Response) =>
  /^(image|audio|video)\/|^application\/octet-stream/.test(response.headers.get('content-type') ?? '');

/** What the result shows of the body. */
async function bodyText(response: Response): Promise<string> {
  if (isStream(response)) return firstChunk(response);
  if (isBinary(response)) return `(${(await response.arrayBuffer()).byteLength} bytes)`;
  return response.text();
}

/** What an event stream sent first: it never ends, so "Try it" shows that much and closes it. */
async function firstChunk(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/** A "Try it" button: sends the route's sample request from the browser and shows the answer. */
@Component({
  selector: 'app-try-route',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button
      type="button"
      (click)="run()"
      [attr.aria-label]="'Try it: ' + request().method + ' ' + request().url"
    >
      Try it
    </button>
    @if (result(); as result) {
      <div class="try-result" role="status">
        <p>
          <strong>{{ result.status }}</strong> · <code>{{ result.contentType }}</code>
        </p>
        <pre>{{ result.body }}</pre>
      </div>
    }
  `,
})
export class TryRoute {
  readonly request = input.required<TryRequest>();
  protected readonly result = signal<TryResult | undefined>(undefined);

  protected async run() {
    const { method, url, json } = this.request();
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const status =
      response.type === 'opaqueredirect' ? 'redirect (3xx)' : `${response.status} ${response.statusText}`;
    this.result.set({
      status,
      contentType: response.headers.get('content-type') ?? '(none)',
      body: (await bodyText(response)) || '(empty body)',
    });
  }
}

import { ChangeDetectionStrategy, Component, afterNextRender, computed, input, signal } from '@angular/core';

import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from '../../modules/api-contract';

/** One operation of the document: a method on a path. */
export interface ReferenceOperation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

interface TryResult {
  status: string;
  contentType: string;
  body: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** An operation's parameters, body and responses from the OpenAPI document, and a "Try it" form. */
@Component({
  selector: 'app-api-operation',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let op = entry().operation;
    <details class="operation" [id]="op.operationId">
      <summary>
        <strong class="method">{{ method() }}</strong>&ngsp;<code>{{ entry().path }}</code
        >&ngsp;·&ngsp;{{ op.summary }}
      </summary>
      <p>{{ op.description }}</p>
      <p class="muted">
        File: <code>{{ op['x-analog-file'] }}</code>
      </p>
      <p>Who may call it: {{ op['x-access'] }}. Limits: {{ op['x-limits'] }}</p>

      <form class="try" (submit)="send($event)" [attr.aria-label]="'Try ' + label()">
        @if (op.parameters.length) {
          <table>
            <caption>
              Parameters
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Schema</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              @for (parameter of op.parameters; track parameter.in + parameter.name) {
                <tr>
                  <td>
                    <code>{{ parameter.name }}</code>
                    @if (parameter.required) {
                      <span class="muted">(required)</span>
                    }
                  </td>
                  <td>{{ parameter.in }}</td>
                  <td>
                    <code>{{ json(parameter.schema) }}</code>
                  </td>
                  <td>
                    <input
                      [name]="parameter.in + ':' + parameter.name"
                      [attr.aria-label]="parameter.name + ' (' + parameter.in + ')'"
                      [required]="parameter.required"
                    />
                  </td>
                </tr>
              }
            </tbody>
          </table>
        }
        @if (bodySchema(); as schema) {
          <h4>Request body</h4>
          <p class="muted">{{ bodyTypes() }}</p>
          <pre>{{ schema }}</pre>
          <label class="field"
            >Request body (JSON)
            <textarea name="body" rows="3">{}</textarea>
          </label>
        }
        <!-- Enabled once hydrated: without JavaScript the form could not show the answer. -->
        <button type="submit" [disabled]="!interactive()">Try it</button>
      </form>
      @if (result(); as result) {
        <div class="try-result" role="status" [attr.aria-label]="'Answer to ' + label()">
          <p>
            <strong>{{ result.status }}</strong> · <code>{{ result.contentType }}</code>
          </p>
          <pre>{{ result.body }}</pre>
        </div>
      }

      <h4>Responses</h4>
      <dl class="responses">
        @for (response of responses(); track response.status) {
          <dt>
            <strong>{{ response.status }}</strong> {{ response.description }}
          </dt>
          <dd>
            @for (content of response.content; track content.type) {
              <code>{{ content.type }}</code>
              <pre>{{ content.schema }}</pre>
            }
          </dd>
        }
      </dl>
    </details>
  `,
})
export class ApiOperation {
  readonly entry = input.required<ReferenceOperation>();
  readonly components = input.required<OpenApiDocument['components']>();
  protected readonly result = signal<TryResult | undefined>(undefined);
  protected readonly interactive = signal(false);

  constructor() {
    afterNextRender(() => this.interactive.set(true));
  }

  protected readonly method = computed(() => this.entry().method.toUpperCase());
  protected readonly label = computed(() => `${this.method()} ${this.entry().path}`);
  protected readonly bodySchema = computed(() => {
    const content = this.entry().operation.requestBody?.content;
    return content ? pretty(Object.values(content)[0].schema) : undefined;
  });
  protected readonly bodyTypes = computed(() =>
    Object.keys(this.entry().operation.requestBody?.content ?? {}).join(', '),
  );
  protected readonly responses = computed(() =>
    Object.entries(this.entry().operation.responses).map(([status, response]) => {
      const resolved: OpenApiResponse =
        '$ref' in response ? this.components().responses[response.$ref.split('/').pop()!] : response;
      return {
        status,
        description: resolved.description,
        content: Object.entries(resolved.content ?? {}).map(([type, { schema }]) => ({
          type,
          schema: pretty(schema),
        })),
      };
    }),
  );

  protected json(value: unknown): string {
    return JSON.stringify(value);
  }

  /** Sends the request the form describes to this app's own origin, and shows the raw answer. */
  protected async send(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    let path = this.entry().path;
    for (const { name, in: where } of this.entry().operation.parameters) {
      const value = String(form.get(`${where}:${name}`) ?? '');
      if (where === 'path')
        path = path.replace(`{${name}}`, value.split('/').map(encodeURIComponent).join('/'));
      else if (value === '') continue;
      else if (where === 'header') headers[name] = value;
      else query.append(name, value);
    }
    const body = form.get('body');
    const search = query.size ? `?${query}` : '';
    const response = await fetch(`${path}${search}`, {
      method: this.method(),
      redirect: 'manual',
      headers: body === null ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === null ? undefined : String(body),
    });
    this.result.set({
      status:
        response.type === 'opaqueredirect' ? 'redirect (3xx)' : `${response.status} ${response.statusText}`,
      contentType: response.headers.get('content-type') ?? '(none)',
      body: (await response.text()) || '(empty body)',
    });
  }
}

/** API reference page: every operation of /api/openapi.json, rendered by the app itself, with no CDN. */
// PAGE /reference
import { ChangeDetectionStrategy, Component, computed } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import { ApiOperation, type ReferenceOperation } from '../reference/api-operation';
import type { ApiPath } from '../shared/api-client';
import type { load } from './reference.server';

export const routeMeta: RouteMeta = { title: 'API reference · Analog API routes' };

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

/** The API reference, rendered by the app itself from /api/openapi.json: nothing loads from elsewhere. */
@Component({
  selector: 'app-reference-page',
  imports: [ApiOperation],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>API reference</h1>
    <p>
      Every operation of <a [href]="documentPath">{{ documentPath }}</a>, the OpenAPI 3.1 document built from
      the route files and their schemas. "Try it" sends a real request to this server.
    </p>
    <p role="status">{{ operations().length }} operations on {{ pathCount() }} paths</p>
    @for (entry of operations(); track entry.operation.operationId) {
      <app-api-operation [entry]="entry" [components]="document().components" />
    }
    <h2>Schemas</h2>
    @for (schema of schemas(); track schema.name) {
      <h3 [id]="'schema-' + schema.name">{{ schema.name }}</h3>
      <pre>{{ schema.json }}</pre>
    }
  `,
})
export default class ReferencePage {
  protected readonly documentPath = '/api/openapi.json' satisfies ApiPath;
  private readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
  protected readonly document = computed(() => this.data().document);

  protected readonly operations = computed<ReferenceOperation[]>(() =>
    Object.entries(this.document().paths).flatMap(([path, item]) =>
      Object.entries(item)
        .sort(([a], [b]) => methodOrder.indexOf(a) - methodOrder.indexOf(b))
        .map(([method, operation]) => ({ method, path, operation })),
    ),
  );
  protected readonly pathCount = computed(() => Object.keys(this.document().paths).length);
  protected readonly schemas = computed(() =>
    Object.entries(this.document().components.schemas).map(([name, schema]) => ({
      name,
      json: JSON.stringify(schema, null, 2),
    })),
  );
}

import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';

import { todoCursor } from '../../src/server/lib/pagination/todo-cursor';
import { type Todo, type TodoPage, allTodos } from '../support/todos';

const baseUrl = inject('baseUrl');

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function createTodo(title: string): Promise<Todo> {
  const response = await send('POST', '/api/v1/todos', { title });
  expect(response.status).toBe(201);
  return (await response.json()) as Todo;
}

describe('POST /api/v1/todos', () => {
  it('creates a todo with 201', async () => {
    const response = await send('POST', '/api/v1/todos', { title: '  Buy tea  ' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const todo = (await response.json()) as Todo;
    expect(todo).toMatchObject({ title: 'Buy tea', done: false });
    expect(todo.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(todo.createdAt))).toBe(false);
  });

  it('rejects an empty title with 422 and the issue path', async () => {
    const response = await send('POST', '/api/v1/todos', { title: '   ' });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as { path: string[]; message: string }[];
    expect(issues).toEqual([expect.objectContaining({ path: ['title'], message: 'Enter a title' })]);
  });
});

const getPage = async (query: string) => {
  const response = await fetch(`${baseUrl}/api/v1/todos?${query}`);
  expect(response.status).toBe(200);
  return { page: (await response.json()) as TodoPage, link: response.headers.get('link') };
};

/**
 * GETs `path`, then again with the answer's ETag in `If-None-Match`; once more when a write from
 * a spec running beside this one changed the data in between.
 */
async function revalidate(path: string) {
  for (let attempt = 1; ; attempt += 1) {
    const first = await fetch(`${baseUrl}${path}`);
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': etag } });
    if (second.status === 304 || attempt === 5) return { first, etag, second };
  }
}

/** The cursor a page ending at `todo` would answer: where a read of the todos older than it starts. */
const cursorAfter = ({ createdAt, id }: Pick<Todo, 'createdAt' | 'id'>) => todoCursor.encode([createdAt, id]);

describe('GET /api/v1/todos', () => {
  it('lists todos and filters by done', async () => {
    const open = await createTodo('Open todo');
    const finished = await createTodo('Finished todo');
    await send('PATCH', `/api/v1/todos/${finished.id}`, { done: true });

    const all = await allTodos(baseUrl);
    expect(all.map((todo) => todo.id)).toEqual(expect.arrayContaining([open.id, finished.id]));

    const done = await allTodos(baseUrl, { done: true });
    expect(done.map((todo) => todo.id)).toContain(finished.id);
    expect(done.map((todo) => todo.id)).not.toContain(open.id);

    const notDone = await allTodos(baseUrl, { done: false });
    expect(notDone.map((todo) => todo.id)).toContain(open.id);
    expect(notDone.every((todo) => !todo.done)).toBe(true);
  });

  it('rejects a done filter that is not true or false with 422', async () => {
    expect((await fetch(`${baseUrl}/api/v1/todos?done=maybe`)).status).toBe(422);
  });

  it('answers 20 todos, newest first, with a next cursor in the body and the Link header', async () => {
    for (let n = 0; n < 21; n += 1) await createTodo(`Page filler ${n}`);
    const first = await getPage('');
    expect(first.page.items).toHaveLength(20);
    expect(first.page.next).toEqual(expect.any(String));
    expect(first.link).toBe(`</api/v1/todos?limit=20&cursor=${first.page.next}>; rel="next"`);

    const second = await getPage(`limit=20&cursor=${first.page.next}`);
    const keys = [...first.page.items, ...second.page.items].map((todo) =>
      [todo.createdAt, todo.id].join(' '),
    );
    expect(keys).toEqual(keys.toSorted().reverse());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the filter and the page size in the Link to the next page, and ends without one', async () => {
    const first = await createTodo('Link one');
    const second = await createTodo('Link two');
    const { page, link } = await getPage(`done=false&limit=1&cursor=${cursorAfter(second)}`);
    expect(page.items[0].done).toBe(false);
    expect(link).toBe(`</api/v1/todos?limit=1&cursor=${page.next}&done=false>; rel="next"`);

    let next: string | null = cursorAfter(first);
    let last: string | null = '';
    while (next !== null)
      ({
        page: { next },
        link: last,
      } = await getPage(`limit=100&cursor=${next}`));
    expect(last).toBeNull();
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=ten'],
    ['cursor=not%20base64'],
    ['cursor=bm90IGpzb24'],
    [`cursor=${Buffer.from('{"__proto__":{"x":1}}').toString('base64url')}`],
    [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`],
    [`cursor=${'A'.repeat(5_000)}`],
  ])('rejects %s with a JSON 422, never a 500', async (query) => {
    const response = await fetch(`${baseUrl}/api/v1/todos?${query}`);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).not.toMatch(/at .*\.(m?js|ts):\d+/);
  });

  it('answers an ETag, and 304 with no body to a matching If-None-Match', async () => {
    const { first, etag, second } = await revalidate('/api/v1/todos?limit=5');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"todos-\d+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(second.status).toBe(304);
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe('');
  });

  it('changes the ETag when a todo is created, changed or deleted, so no stale page is revalidated', async () => {
    const etag = async () => (await fetch(`${baseUrl}/api/v1/todos?limit=1`)).headers.get('etag');
    const before = await etag();
    const todo = await createTodo('Versioned');
    const created = await etag();
    await send('PATCH', `/api/v1/todos/${todo.id}`, { done: true });
    const changed = await etag();
    await send('DELETE', `/api/v1/todos/${todo.id}`);
    expect(new Set([before, created, changed, await etag()]).size).toBe(4);
    const stale = await fetch(`${baseUrl}/api/v1/todos?limit=1`, { headers: { 'if-none-match': before! } });
    expect(stale.status).toBe(200);
  });

  it('never repeats nor skips a todo while others are inserted and deleted between pages', async () => {
    const step = fc.oneof(
      fc.constant({ kind: 'insert' as const }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.constant({ kind: 'read' as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 25 }),
        async (seeds, limit, steps) => {
          const start = new Date(Date.now() - 1).toISOString();
          const existing: Todo[] = [];
          for (let n = 0; n < seeds; n += 1) existing.push(await createTodo(`Kept ${n}`));
          const live = [...existing];
          const seen: Todo[] = [];
          let cursor: string | null | undefined;
          // Pages run from the newest down; past the todos older than this run, the rest is old news.
          const done = () => cursor === null || (seen.length > 0 && seen.at(-1)!.createdAt < start);
          const read = async () => {
            if (done()) return;
            const { page } = await getPage(`limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
            seen.push(...page.items);
            cursor = page.next;
          };
          for (const action of steps) {
            if (action.kind === 'insert') live.push(await createTodo('Inserted while paging'));
            if (action.kind === 'delete' && live.length) {
              const [gone] = live.splice(action.pick % live.length, 1);
              expect((await send('DELETE', `/api/v1/todos/${gone.id}`)).status).toBe(204);
            }
            if (action.kind === 'read') await read();
          }
          while (!done()) await read();

          const ids = seen.map((todo) => todo.id);
          expect(new Set(ids).size).toBe(ids.length);
          const throughout = existing.filter((todo) => live.includes(todo));
          expect(ids).toEqual(expect.arrayContaining(throughout.map((todo) => todo.id)));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe('GET /api/v1/todos/version', () => {
  const version = async () => {
    const response = await fetch(`${baseUrl}/api/v1/todos/version`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = (await response.json()) as { version: number };
    expect(body).toEqual({ version: expect.any(Number) });
    return body.version;
  };

  it('answers the version, and a higher one after a write', async () => {
    const before = await version();
    await createTodo('Probed');
    expect(await version()).toBeGreaterThan(before);
  });
});

describe('GET /api/v1/todos/summary', () => {
  interface Summary {
    by: string;
    total: number;
    periods: { period: string; created: number; done: number }[];
    computedAt: string;
  }

  it('is computed after the last write, in whichever process computes it', async () => {
    await fetch(`${baseUrl}/api/v1/todos/summary?by=day`);
    const todo = await createTodo('Counted');
    const response = await fetch(`${baseUrl}/api/v1/todos/summary?by=day`);
    expect(response.status).toBe(200);
    const summary = (await response.json()) as Summary;
    expect(Date.parse(summary.computedAt)).toBeGreaterThanOrEqual(Date.parse(todo.createdAt));
    expect(summary.periods.map((period) => period.period)).toContain(todo.createdAt.slice(0, 10));
    expect(response.headers.get('cache-control')).toBe('s-maxage=60, stale-while-revalidate=600');
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const { etag, second } = await revalidate('/api/v1/todos/summary');
    expect(etag).not.toBe('');
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it('rejects a grouping it does not offer with 422, uncached', async () => {
    for (let n = 0; n < 2; n += 1) {
      const response = await fetch(`${baseUrl}/api/v1/todos/summary?by=week`);
      expect(response.status).toBe(422);
      expect(response.headers.get('x-analog-errors')).toBe('true');
    }
  });
});

describe('PATCH /api/v1/todos/:id', () => {
  it('toggles done and renames', async () => {
    const todo = await createTodo('Rename me');
    const response = await send('PATCH', `/api/v1/todos/${todo.id}`, { done: true, title: 'Renamed' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...todo, done: true, title: 'Renamed' });
  });

  it('rejects an empty change with 422', async () => {
    const todo = await createTodo('Unchanged');
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, {})).status).toBe(422);
  });

  it('rejects an id that is not a UUID with 422', async () => {
    expect((await send('PATCH', '/api/v1/todos/42', { done: true })).status).toBe(422);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await send('PATCH', `/api/v1/todos/${crypto.randomUUID()}`, { done: true });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('DELETE /api/v1/todos/:id', () => {
  it('deletes with 204 and no body, then the todo is gone', async () => {
    const todo = await createTodo('Delete me');
    const response = await send('DELETE', `/api/v1/todos/${todo.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, { done: true })).status).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await send('DELETE', `/api/v1/todos/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

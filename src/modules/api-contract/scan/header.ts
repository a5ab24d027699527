/** What a route file's two-line header says: `/** <Pattern>: <when> *\/`, then `// <METHOD> <url>`. */
export interface RouteHeader {
  /** Line 1 before the first `: `, e.g. `Method suffix`. */
  pattern: string;
  /** Line 1 after it: when to use the pattern. */
  when: string;
  /** `GET`, `POST`, … or `ANY` for an API route, `WS` for a WebSocket handler; `PAGE` for a page. */
  method: string;
  /** The route, with `:param` and `**` segments: `/api/v1/users/:id`. */
  url: string;
  /** An example query from line 2 (`?q=an`), or `''`. */
  query: string;
}

const line1 = /^\/\*\* (.+?): (.+) \*\/$/;
const line2 = /^\/\/ (ANY|WS|GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|PAGE) (\/[^\s?]*)(\?\S*)?$/;

/** Reads the two-line header of a route file or page; throws, naming the file, when it is malformed. */
export function readHeader(file: string, text: string): RouteHeader {
  const [first = '', second = ''] = text.split('\n');
  const about = line1.exec(first);
  const route = line2.exec(second);
  if (!about) throw new Error(`${file}: line 1 must be /** <Pattern>: <when to use it> */`);
  if (!route) throw new Error(`${file}: line 2 must be // <METHOD> <url>, e.g. // GET /api/v1/users/:id`);
  const [, pattern, when] = about;
  const [, method, url, query = ''] = route;
  return { pattern, when, method, url, query };
}

import { request } from 'node:http';

export interface RawResponse {
  status: number;
  type: string;
  body: string;
}

/**
 * GET through `node:http`, which sends the path exactly as written: `fetch` would normalise
 * `%2e%2e` and `..` away before the server ever saw them.
 */
export function rawGet(baseUrl: string, path: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    request({ hostname, port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

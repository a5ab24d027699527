import { request } from 'node:http';

export interface RawResponse {
  status: number;
  type: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface RawRequest {
  method?: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * A request through `node:http`, which sends the path and body exactly as written: `fetch`
 * would normalise `%2e%2e` and `..` away, and cannot send a body with an arbitrary type.
 */
export function rawRequest(
  baseUrl: string,
  { method = 'GET', path, body, contentType, ...extra }: RawRequest,
) {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string | number> = { ...extra.headers };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  return new Promise<RawResponse>((resolve, reject) => {
    request({ hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body: text,
          headers: response.headers,
        }),
      );
    })
      .on('error', reject)
      .end(body);
  });
}

/** GET `path` exactly as written. */
export function rawGet(baseUrl: string, path: string): Promise<RawResponse> {
  return rawRequest(baseUrl, { path });
}

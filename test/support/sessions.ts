import { type H3Event, unsealSession } from 'h3';

import { testAdmin, testSessionSecret } from './server';

/** A `Set-Cookie` line of the session cookie: `session=…` over HTTP, `__Host-session=…` over HTTPS. */
const isSessionLine = (line: string) => /^(__Host-)?session=/.test(line);

/** The request header that sends back a response's session cookie, or `''` when it set none. */
export function sessionCookie(response: Response): string {
  return sessionSetCookie(response).split(';')[0];
}

/** The `Set-Cookie` line of the session cookie, attributes included. */
export function sessionSetCookie(response: Response): string {
  return response.headers.getSetCookie().find(isSessionLine) ?? '';
}

/** The request header that sends back a response's device cookie (`device=…`), or `''` when it set none. */
export function deviceCookie(response: Response): string {
  return (
    response.headers
      .getSetCookie()
      .find((line) => /^(__Host-)?device=/.test(line))
      ?.split(';')[0] ?? ''
  );
}

/** The session sealed in `cookie` (`session=…`), opened with the test servers' secret. */
export function openSession(cookie: string) {
  return unsealSession({} as H3Event, { password: testSessionSecret }, cookie.slice(cookie.indexOf('=') + 1));
}

/** A fresh, valid account: a unique email, a display name and a password. */
export function newAccount(name = 'Ada') {
  return { email: `${crypto.randomUUID()}@example.com`, name, password: 'correct horse battery' };
}

/** POSTs `body` as JSON to `path` of `baseUrl`, with extra headers such as `cookie`. */
export function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Signs `account` up on `baseUrl` and answers its session cookie (`session=…`). */
export async function signUp(baseUrl: string, account = newAccount()): Promise<string> {
  const response = await postJson(baseUrl, '/api/v1/auth/sign-up', account);
  if (response.status !== 201)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return sessionCookie(response);
}

/**
 * The session cookie of the test servers' admin (`testAdmin`) on `baseUrl`: signed up on a
 * fresh server, signed in where it has its account already.
 */
export async function signUpAdmin(baseUrl: string): Promise<string> {
  const signedUp = await postJson(baseUrl, '/api/v1/auth/sign-up', testAdmin);
  if (signedUp.status === 201) return sessionCookie(signedUp);
  const signedIn = await postJson(baseUrl, '/api/v1/auth/sign-in', testAdmin);
  if (signedIn.status !== 200) throw new Error(`admin sign-in answered ${signedIn.status}`);
  return sessionCookie(signedIn);
}

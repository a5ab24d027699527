/**
 * Every message an account form shows, by code. A refused plain form post (JavaScript off) goes
 * back to its page with codes in the query (`/sign-in?error.form=wrong-credentials`), and the page
 * shows the message of a code it knows and nothing for any other: a link can't make the page say
 * "Your account is suspended". The schemas and errors in this folder take their text from here.
 */
export const accountMessages = {
  'email-invalid': 'Enter a valid email address',
  'name-missing': 'Enter a name',
  'name-long': 'Keep it under 100 characters',
  'nul-character': 'Remove the NUL character',
  'password-missing': 'Enter your password',
  'password-short': 'Use at least 8 characters',
  'password-long': 'Use at most 128 characters',
  'wrong-credentials': 'Email or password is wrong',
  'wrong-password': 'Your current password is wrong',
  'email-taken': 'That email has an account',
  'sign-in-first': 'Sign in first',
  'too-many-attempts': 'Too many attempts. Wait a few minutes, then try again.',
  invalid: 'Check this field',
} as const;

export type AccountMessageCode = keyof typeof accountMessages;

/** The code of a message from the list; any other text (a library's own message) is `invalid`. */
export function accountMessageCode(message: string): AccountMessageCode {
  const codes = Object.keys(accountMessages) as AccountMessageCode[];
  return codes.find((code) => accountMessages[code] === message) ?? 'invalid';
}

/** The message for `code`, or `undefined` when it is not a code from the list. */
export function accountMessage(code: string): string | undefined {
  return Object.hasOwn(accountMessages, code) ? accountMessages[code as AccountMessageCode] : undefined;
}

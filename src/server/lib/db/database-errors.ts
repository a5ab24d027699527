import { createError, type H3Error } from 'h3';

/** `code`: PostgreSQL's SQLSTATE, a socket code, better-sqlite3's SQLite code name; `errcode`: node:sqlite's number. */
type DriverError = Error & { code?: unknown; errcode?: unknown };

/** The SQLite result codes the statuses below name, by number (https://www.sqlite.org/rescode.html). */
const sqliteCodes: Record<number, string> = {
  5: 'SQLITE_BUSY',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

/** The error's code; node:sqlite's number by name, an extended code not listed by its primary one (low byte). */
function codeOf({ code, errcode }: DriverError): string {
  if (typeof errcode === 'number') return sqliteCodes[errcode] ?? sqliteCodes[errcode & 0xff] ?? '';
  return typeof code === 'string' ? code : '';
}

/** Refused or dropped sockets; pg says "Connection terminated" without a code. */
const networkCodes = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH)$/;
const droppedConnection = /Connection terminated|not queryable/;

/** The HTTP status a database error deserves, or `undefined` when it is no database error. */
function statusOf(error: DriverError): 409 | 422 | 503 | undefined {
  const code = codeOf(error);
  // PostgreSQL (https://www.postgresql.org/docs/current/errcodes-appendix.html)
  if (code === '23505') return 409; // unique_violation
  if (/^2[23]/.test(code)) return 422; // data exceptions and the other integrity constraints
  if (/^(08|57P0[1-3]|53300)/.test(code)) return 503; // connection lost, server shutting down, too many connections
  // SQLite
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 409;
  if (code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_TOOBIG') return 422;
  if (code.startsWith('SQLITE_BUSY')) return 503; // another process held the write lock past busy_timeout
  // The network
  if (networkCodes.test(code) || (!code && droppedConnection.test(error.message))) return 503;
  return undefined;
}

const messages = {
  409: ['Conflict', 'That record already exists'],
  422: ['Unprocessable Entity', 'The database refused that value'],
  503: ['Service Unavailable', 'The database is unavailable; try again shortly'],
} as const;

/** The HTTP error for a database error (the driver's own message never reaches the client), or `undefined` for any other. */
export function databaseHttpError(error: unknown): H3Error | undefined {
  const status = error instanceof Error ? statusOf(error) : undefined;
  if (!status) return undefined;
  const [statusMessage, message] = messages[status];
  return createError({ statusCode: status, statusMessage, message });
}

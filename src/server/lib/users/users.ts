import { type H3Event, createError, getRouterParam } from 'h3';

import { useDatabase } from '../db';

export interface User {
  id: number;
  name: string;
}

/** Ids are SQL `INTEGER`s the database hands out: 1 to 2³¹ − 1. */
const isUserId = (id: number) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31;

function notFound(id: number): never {
  throw createError({
    statusCode: 404,
    statusMessage: isUserId(id) ? `User ${id} not found` : 'User not found',
  });
}

/** Stores a new user; the database hands out the id and `RETURNING` gives back the stored row. */
export async function createUser(name: string): Promise<User> {
  const db = await useDatabase();
  const { rows } = await db.sql<{
    rows: User[];
  }>`INSERT INTO users (name) VALUES (${name}) RETURNING id, name`;
  return rows[0];
}

/** The `:id` router parameter as a user id, or a JSON 400: ids are SQL `INTEGER`s from 1 to 2³¹ − 1. */
export function requireUserId(event: H3Event): number {
  const raw = getRouterParam(event, 'id') ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !isUserId(id)) {
    throw createError({ statusCode: 400, statusMessage: 'User id must be a positive integer' });
  }
  return id;
}

/** The stored user, or `undefined` when there is none. */
export async function findUser(id: number): Promise<User | undefined> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users WHERE id = ${id}`;
  return rows[0];
}

/**
 * Renames a user in one statement and returns it, or throws a 404 error.
 * @status 404 No user has the id.
 */
export async function updateUser(id: number, name: string): Promise<User> {
  if (!isUserId(id)) notFound(id);
  const db = await useDatabase();
  const { rows } = await db.sql<{
    rows: User[];
  }>`UPDATE users SET name = ${name} WHERE id = ${id} RETURNING id, name`;
  return rows[0] ?? notFound(id);
}

/**
 * Removes a user, or throws a 404 error.
 * @status 404 No user has the id (answered to admins only).
 */
export async function deleteUser(id: number): Promise<void> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`DELETE FROM users WHERE id = ${id} RETURNING id`;
  if (!rows.length) notFound(id);
}

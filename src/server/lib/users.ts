import { createError } from 'h3';

import { useDatabase } from './database';

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

/** Every user, by id. */
export async function listUsers(): Promise<User[]> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users ORDER BY id`;
  return rows;
}

/** Stores a new user; the database hands out the id and `RETURNING` gives back the stored row. */
export async function createUser(name: string): Promise<User> {
  const db = await useDatabase();
  const { rows } = await db.sql<{
    rows: User[];
  }>`INSERT INTO users (name) VALUES (${name}) RETURNING id, name`;
  return rows[0];
}

/** The stored user, or a 404 error (`NaN`, fractions and unknown ids alike). */
export async function requireUserById(id: number): Promise<User> {
  if (!isUserId(id)) notFound(id);
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users WHERE id = ${id}`;
  return rows[0] ?? notFound(id);
}

/** Renames a user in one statement and returns it, or throws a 404 error. */
export async function updateUser(id: number, name: string): Promise<User> {
  if (!isUserId(id)) notFound(id);
  const db = await useDatabase();
  const { rows } = await db.sql<{
    rows: User[];
  }>`UPDATE users SET name = ${name} WHERE id = ${id} RETURNING id, name`;
  return rows[0] ?? notFound(id);
}

/** Removes a user, or throws a 404 error. */
export async function deleteUser(id: number): Promise<void> {
  if (!isUserId(id)) notFound(id);
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`DELETE FROM users WHERE id = ${id} RETURNING id`;
  if (!rows.length) notFound(id);
}

import { createError } from 'h3';
import { useStorage } from 'nitropack/runtime';

import { db, transaction } from './db';

export interface User {
  id: number;
  name: string;
}

/**
 * One storage key per user (`db:users:<id>`); `db:users-meta:next-id` is the id the next user gets.
 * Every write is a `db` transaction, run one at a time: two creates never read the same `next-id`,
 * and an update never writes back a user that a concurrent delete just removed.
 */
const users = () => useStorage<User>('db:users');
const userKey = (id: number) => `users:${id}`;
const nextIdKey = 'users-meta:next-id';

const demoUsers: User[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
  { id: 3, name: 'Alan Turing' },
];

let seeding: Promise<void> | undefined;

/** Seeds the demo users once, the first time any user route runs against an empty store. */
function seeded(): Promise<void> {
  seeding ??= transaction(async (tx) => {
    if ((await tx.get(nextIdKey)) !== null) return;
    for (const user of demoUsers) tx.set(userKey(user.id), user);
    tx.set(nextIdKey, demoUsers.length + 1);
  }).catch((error: unknown) => {
    seeding = undefined; // a storage hiccup must not make the next request skip seeding
    throw error;
  });
  return seeding;
}

const isUserId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** Reads one user with `read` (from storage, or in a transaction); `null` when there is none. */
const findUser = (id: number, read: (key: string) => Promise<User | null>) =>
  isUserId(id) ? read(userKey(id)) : Promise.resolve(null);

/** Reads outside a transaction see what the last stored batch left. */
const readStored = (key: string) => db().getItem<User>(key);

function notFound(id: number): never {
  throw createError({
    statusCode: 404,
    statusMessage: isUserId(id) ? `User ${id} not found` : 'User not found',
  });
}

/** Every user, by id. */
export async function listUsers(): Promise<User[]> {
  await seeded();
  const items = await users().getItems(await users().getKeys());
  // A user deleted between `getKeys` and `getItems` reads as null: skip it.
  return items.flatMap(({ value }) => (value ? [value] : [])).sort((a, b) => a.id - b.id);
}

/** Stores a new user under the next id. */
export async function createUser(name: string): Promise<User> {
  await seeded();
  return transaction(async (tx) => {
    const id = (await tx.get<number>(nextIdKey)) ?? 1;
    const user = { id, name };
    tx.set(userKey(id), user);
    tx.set(nextIdKey, id + 1);
    return user;
  });
}

/** The stored user, or a 404 error (`NaN`, fractions and unknown ids alike). */
export async function requireUser(id: number): Promise<User> {
  await seeded();
  return (await findUser(id, readStored)) ?? notFound(id);
}

/** Renames a user and returns it, or throws a 404 error. */
export async function updateUser(id: number, name: string): Promise<User> {
  await seeded();
  return transaction(async (tx) => {
    const user = { ...((await findUser(id, (key) => tx.get<User>(key))) ?? notFound(id)), name };
    tx.set(userKey(id), user);
    return user;
  });
}

/** Removes a user, or throws a 404 error. */
export async function deleteUser(id: number): Promise<void> {
  await seeded();
  await transaction(async (tx) => {
    if (!(await findUser(id, (key) => tx.get<User>(key)))) notFound(id);
    tx.remove(userKey(id));
  });
}

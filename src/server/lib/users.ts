import { createError } from 'h3';
import { useStorage } from 'nitropack/runtime';

export interface User {
  id: number;
  name: string;
}

/** One storage key per user (`db:users:<id>`); `db:users-meta:next-id` is the id the next user gets. */
const users = () => useStorage<User>('db:users');
const counter = () => useStorage<number>('db:users-meta');

const demoUsers: User[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
  { id: 3, name: 'Alan Turing' },
];

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs every write one at a time in this process, so two creates never read the same `next-id`
 * and an update never writes back a user that a concurrent delete just removed. Several
 * instances sharing one store need the store's own atomic sequence instead (a database sequence).
 */
function serialize<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

let seeding: Promise<void> | undefined;

/** Seeds the demo users once, the first time any user route runs against an empty store. */
function seeded(): Promise<void> {
  seeding ??= serialize(async () => {
    if (await counter().hasItem('next-id')) return;
    await Promise.all(demoUsers.map((user) => users().setItem(String(user.id), user)));
    await counter().setItem('next-id', demoUsers.length + 1);
  }).catch((error: unknown) => {
    seeding = undefined; // a storage hiccup must not make the next request skip seeding
    throw error;
  });
  return seeding;
}

const isUserId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** Reads one user without seeding or queueing; `null` when there is none. */
const findUser = (id: number) => (isUserId(id) ? users().getItem(String(id)) : Promise.resolve(null));

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
  return serialize(async () => {
    const id = (await counter().getItem('next-id')) ?? 1;
    const user = { id, name };
    await users().setItem(String(id), user);
    await counter().setItem('next-id', id + 1);
    return user;
  });
}

/** The stored user, or a 404 error (`NaN`, fractions and unknown ids alike). */
export async function requireUser(id: number): Promise<User> {
  await seeded();
  return (await findUser(id)) ?? notFound(id);
}

/** Renames a user and returns it, or throws a 404 error. */
export async function updateUser(id: number, name: string): Promise<User> {
  await seeded();
  return serialize(async () => {
    const user = { ...((await findUser(id)) ?? notFound(id)), name };
    await users().setItem(String(id), user);
    return user;
  });
}

/** Removes a user, or throws a 404 error. */
export async function deleteUser(id: number): Promise<void> {
  await seeded();
  await serialize(async () => {
    if (!(await findUser(id))) notFound(id);
    await users().removeItem(String(id));
  });
}

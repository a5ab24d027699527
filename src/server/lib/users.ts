import { createError } from 'h3';
import { useStorage } from 'nitropack/runtime';

export interface User {
  id: number;
  name: string;
}

/** One storage key per user; `next-id` holds the id the next created user gets. */
const users = () => useStorage<User>('db:users');
const counter = () => useStorage<number>('db:users-meta');

const demoUsers: User[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
  { id: 3, name: 'Alan Turing' },
];

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs writes one at a time in this process, so two creates never read the same `next-id`.
 * Several instances sharing one store need an atomic sequence instead (a database's).
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
  });
  return seeding;
}

export async function listUsers(): Promise<User[]> {
  await seeded();
  const items = await users().getItems(await users().getKeys());
  return items.map(({ value }) => value).sort((a, b) => a.id - b.id);
}

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

/** The stored user, or a 404 error. */
export async function requireUser(id: number): Promise<User> {
  await seeded();
  const user = Number.isSafeInteger(id) ? await users().getItem(String(id)) : null;
  if (!user) throw createError({ statusCode: 404, statusMessage: 'User not found', data: { id } });
  return user;
}

export async function updateUser(id: number, name: string): Promise<User> {
  const user = { ...(await requireUser(id)), name };
  await users().setItem(String(id), user);
  return user;
}

export async function deleteUser(id: number): Promise<void> {
  await requireUser(id);
  await users().removeItem(String(id));
}

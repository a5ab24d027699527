/** Every migration file of src/server/migrations, oldest first: made by the `migrations()` Nitro module (migrations-module.ts). */
declare module '#migrations' {
  export const migrations: readonly import('../../migrations/migration').Migration[];
}

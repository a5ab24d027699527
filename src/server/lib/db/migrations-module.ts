import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NitroModule } from 'nitropack';

/** A migration file: three digits of version, a dash, a name (`001-users.ts`); specs and helpers don't match. */
const migrationFile = /^\d{3}-[\w-]+\.ts$/;

/** The source of `#migrations`: every migration file in `dir`, in the order of their names, oldest first. */
export function migrationsSource(dir: string): string {
  const files = readdirSync(dir)
    .filter((file) => migrationFile.test(file))
    .sort();
  return [
    ...files.map((file, index) => `import m${index} from ${JSON.stringify(join(dir, file))};`),
    `export const migrations = [${files.map((_, index) => `m${index}`).join(', ')}];`,
  ].join('\n');
}

/**
 * The database's Nitro module, for `analog({ nitro: { modules } })`: it finds the migration files in
 * `src/server/migrations/` at build time, so adding one is adding its file, with no index to edit.
 */
export function migrations(): NitroModule {
  return {
    name: 'migrations',
    setup(nitro) {
      nitro.options.virtual['#migrations'] = () => migrationsSource(join(nitro.options.srcDir, 'migrations'));
    },
  };
}

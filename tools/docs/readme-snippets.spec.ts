import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { withFileSnippets } from './readme-snippets';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README snippets', () => {
  it('match their files exactly (run `npm run readme` after editing one)', () => {
    expect(readme).toBe(withFileSnippets(readme, root));
  });
});

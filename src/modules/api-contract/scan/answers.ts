import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

import type { DeclaredResponse } from '../runtime/openapi.ts';

export type Answers = Record<string, DeclaredResponse>;

/** `200: The todo.` or `200 text/csv: The list.`, up to the next status or the end of the line. */
const status = /([1-5]\d\d)((?: [\w.+-]+\/[\w.+-]+)*): (.+?)(?= [1-5]\d\d(?: [\w.+-]+\/[\w.+-]+)*: |\n)/g;

/** The statuses on the header lines after line 3: `// 201: The new todo. 409: The list is full.` */
function stated(text: string): Answers {
  const lines = /^(?:.*\n){3}((?:\/\/ [1-5]\d\d[ :].*\n)*)/.exec(text)?.[1] ?? '';
  const answers: Answers = {};
  for (const [, code, types, description] of lines.replaceAll('\n// ', ' ').matchAll(status)) {
    const content = Object.fromEntries((types.match(/\S+/g) ?? []).map((type) => [type, {}]));
    answers[code] = { description, ...(types && { content }) };
  }
  return answers;
}

const parsed = new Map<string, ts.SourceFile>();
/** A file's syntax tree, parsed again once the file changed (`npm run dev`). */
function sourceOf(file: string): ts.SourceFile {
  const key = `${file} ${statSync(file).mtimeMs}`;
  if (!parsed.has(key)) {
    parsed.set(key, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  return parsed.get(key)!;
}

/** The file a relative import names (`./x` is `./x.ts` or `./x/index.ts`); `undefined` for a package. */
function moduleFile(from: string, specifier: ts.Expression | undefined): string | undefined {
  if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return undefined;
  const path = resolve(dirname(from), specifier.text);
  return [path, `${path}.ts`, `${path}/index.ts`].find((each) => each.endsWith('.ts') && existsSync(each));
}

/**
 * The `@status 404 No todo has the id.` tags of what `file` exports as `name`, followed through
 * re-exports (`export * from`, `export { … } from`); `undefined` when it exports no such name.
 */
function tagsOf(file: string, name: string): Answers | undefined {
  for (const statement of sourceOf(file).statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      const named = clause && ts.isNamedExports(clause) && clause.elements.find((e) => e.name.text === name);
      const target = (named || !clause) && moduleFile(file, statement.moduleSpecifier);
      const found = target && tagsOf(target, named ? (named.propertyName ?? named.name).text : name);
      if (found) return found;
    }
    const names = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [statement];
    const declares = names.some((each) => (each as ts.FunctionDeclaration).name?.getText() === name);
    if (declares && statement.getText().startsWith('export ')) {
      const tags = ts.getJSDocTags(statement).filter(({ tagName }) => tagName.text === 'status');
      return Object.fromEntries(
        tags.map((tag) => {
          const [, code, text] =
            /^([1-5]\d\d) (.+)$/s.exec(ts.getTextOfJSDocComment(tag.comment) ?? '') ?? [];
          if (!code) throw new Error(`${file}: ${name}: write @status <status> <what it means>`);
          return [code, { description: text.replace(/\s+/g, ' ').trim() }];
        }),
      );
    }
  }
  return undefined;
}

/**
 * What a route answers: the statuses tagged `@status` on each function it imports from the app's
 * own files (a guard's 401, a lookup's 404), and those on its header lines after line 3, which win.
 * A status two of its functions tag differently, the route must state itself.
 */
export function readAnswers(file: string, path: string, text: string): Answers {
  const tagged: Answers = {};
  const unclear = new Set<string>();
  for (const statement of sourceOf(path).statements.filter(ts.isImportDeclaration)) {
    const from = !statement.importClause?.isTypeOnly && moduleFile(path, statement.moduleSpecifier);
    const bindings = from ? statement.importClause?.namedBindings : undefined;
    const imported = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    for (const { name, propertyName, isTypeOnly } of imported) {
      const tags = isTypeOnly ? {} : tagsOf(from as string, (propertyName ?? name).text);
      for (const [code, answer] of Object.entries(tags ?? {})) {
        if (tagged[code] && tagged[code].description !== answer.description) unclear.add(code);
        tagged[code] = answer;
      }
    }
  }
  const own = stated(text);
  const left = [...unclear].filter((code) => !own[code]);
  if (left.length) throw new Error(`${file}: its functions tag ${left.join(', ')} differently: state it`);
  const answers = { ...tagged, ...own };
  if (!Object.keys(answers).length) throw new Error(`${file}: say what it answers on line 4: // 200: …`);
  return answers;
}

import ts from 'typescript';

/** What `defineRouteMeta` may hold: literals only, as Nitro documents. */
export type MetaValue = string | number | boolean | null | MetaValue[] | { [key: string]: MetaValue };

/**
 * The literal a route file passes to `defineRouteMeta(…)` at its top level, read from its source
 * (the route never runs at build time); `null` when the file has none. Anything but a literal
 * (a variable, a spread, a call) throws, naming the file and line.
 */
export function readRouteMeta(file: string, text: string): Record<string, MetaValue> | null {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const toValue = (node: ts.Node): MetaValue => {
    if (ts.isObjectLiteralExpression(node)) {
      return Object.fromEntries(
        node.properties.map((property) => {
          const name = ts.isPropertyAssignment(property) ? property.name : undefined;
          if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))) {
            return notLiteral(property);
          }
          return [name.text, toValue((property as ts.PropertyAssignment).initializer)];
        }),
      );
    }
    if (ts.isArrayLiteralExpression(node)) return node.elements.map(toValue);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    return notLiteral(node);
  };
  const notLiteral = (node: ts.Node): never => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    throw new Error(`${file}:${line}: defineRouteMeta takes literals only, not \`${node.getText(source)}\``);
  };
  for (const statement of source.statements) {
    const call = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    if (call && ts.isCallExpression(call) && ts.isIdentifier(call.expression)) {
      if (call.expression.text === 'defineRouteMeta' && call.arguments.length === 1) {
        const meta = toValue(call.arguments[0]);
        if (meta && typeof meta === 'object' && !Array.isArray(meta)) return meta;
        return notLiteral(call.arguments[0]);
      }
    }
  }
  return null;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The helper every wrapped schema goes through (packages/domain/src/shared/lazy-schema.ts). */
const LAZY_SCHEMA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/domain/src/shared/lazy-schema.ts',
);

/** The sources whose schemas load with pages: the domain package's and the web app's own, not tests. */
const SOURCES = /[\\/](packages[\\/]domain|apps[\\/]web)[\\/]src[\\/].*\.tsx?$/;
const TESTS = /\.test\.tsx?$|[\\/]src[\\/]test[\\/]/;

/** Just enough of ESTree for what we look at. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a call or member chain starts from: `z` in `z.object({...}).strict()`. */
function chainRoot(node: Node): Node {
  let at = node;
  for (;;) {
    if (at.type === 'CallExpression') at = at.callee as Node;
    else if (at.type === 'MemberExpression') at = at.object as Node;
    else if (at.type === 'ParenthesizedExpression') at = at.expression as Node;
    else return at;
  }
}

/**
 * A top-level schema: a `const` named …Schema built by a call or a property read (`z.object(...)`,
 * `Other.extend(...)`, `Other.shape.x`), or any `const` built by a call chain on `z` itself.
 */
function isSchemaDeclaration(name: string, init: Node): boolean {
  if (init.type !== 'CallExpression' && init.type !== 'MemberExpression') return false;
  if (/Schema$/i.test(name)) return true;
  const root = chainRoot(init);
  return root.type === 'Identifier' && root.name === 'z';
}

/**
 * Builds each top-level schema of the app's sources on first use instead of as its module loads
 * (lazySchema), and marks the wrapper pure so a schema no page uses leaves the bundle. Only the web
 * build and its tests: the server builds its schemas once at start-up, where it costs nothing.
 */
export function lazySchemas(): Plugin {
  return {
    name: 'grip:lazy-schemas',
    transform(code, id) {
      if (!SOURCES.test(id) || TESTS.test(id) || id === LAZY_SCHEMA) return null;
      if (!/Schema\b|\bz\./.test(code)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const out = new MagicString(code);
      let wrapped = 0;
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const target = declarator.id as Node;
          const init = declarator.init as Node | null;
          if (target.type !== 'Identifier' || !init || !isSchemaDeclaration(target.name as string, init))
            continue;
          out.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => (');
          out.appendRight(init.end, '))');
          wrapped++;
        }
      }
      if (wrapped === 0) return null;
      out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA)};\n`);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders import each other without cycles (docs/architecture.md): the composition
 * root (app.ts, infrastructure/) above the modules, the modules above db/, auth/, jobs/, lib/ and
 * plugins/. Read from the source itself, at folder level: each module (modules/<name>) is one
 * folder, every other top folder is one, and a file at the top (app.ts, config.ts) stands alone.
 * Tests are left out: they may reach anywhere.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.\.?\/[^']*)'/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const isSource = entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name);
    return isSource ? [file] : [];
  });
}

/** The folder a file counts in: 'modules/offers', 'auth', or the file itself at the top ('app.ts'). */
function folderOf(file: string): string {
  const [top, second, third] = path.relative(SRC, file).split(path.sep);
  if (top === 'modules' && third !== undefined) return `modules/${second}`;
  return top!;
}

/** The file an import names ('../db/client' is db/client.ts, './modules' is modules/index.ts). */
function resolved(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return target;
}

/** folder → folders it imports → one import that shows it ('jobs/senders.ts imports ../modules/push'). */
function folderGraph(files: string[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = folderOf(resolved(file, specifier!));
      if (to !== from && !edges.has(to)) {
        edges.set(to, `${path.relative(SRC, file)} imports '${specifier}'`);
      }
    }
  }
  return graph;
}

/** The groups of folders that import each other in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

describe('the server import graph', () => {
  it('has no cycles between folders', () => {
    const graph = folderGraph(sourceFiles(SRC));
    // The reading is real: the composition root reaches the modules, and a module reaches db/.
    expect(graph.get('app.ts')?.has('infrastructure')).toBe(true);
    expect(graph.get('modules/offers')?.has('db')).toBe(true);

    const described = cycles(graph).map((group) => {
      const edges = group.flatMap((folder) =>
        [...(graph.get(folder) ?? [])]
          .filter(([to]) => group.includes(to))
          .map(([to, example]) => `  ${folder} → ${to} (${example})`),
      );
      return [`${group.join(', ')}:`, ...edges].join('\n');
    });
    expect(described.length, `Folders that import each other in a circle:\n${described.join('\n')}`).toBe(0);
  });
});

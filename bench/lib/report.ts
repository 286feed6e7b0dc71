// Where a run's numbers go: the raw results as JSON in bench/results/ (not committed: the repository
// keeps what people read), and for a full run the budget table in docs/performance.md (between its
// markers, so the prose around it stays hand-written).
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import type { Check } from './budgets';
import { ROOT } from './processes';

const START = '<!-- bench:table:start -->';
const END = '<!-- bench:table:end -->';

export function budgetTable(checks: Check[], when: string): string {
  const rows = checks.map(
    (c) => `| ${c.what} | ${c.budget} | ${c.measured} | ${c.met ? 'met' : '**missed**'} |`,
  );
  return [
    `Last full run: ${when} (\`npm run bench\`; its raw figures stay in \`bench/results/\` on the machine that ran it).`,
    '',
    '| what | budget | measured | |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function writeReport(
  results: Record<string, unknown>,
  checks: Check[],
  options: { quick: boolean; partial?: boolean },
) {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  if (options.quick) {
    fs.writeFileSync(path.join(dir, 'quick-latest.json'), json);
    return;
  }
  // Some phases only (--only=…): kept apart, so the last full run's figures and table stay whole.
  if (options.partial) {
    fs.writeFileSync(path.join(dir, 'partial-latest.json'), json);
    return;
  }
  fs.writeFileSync(path.join(dir, 'latest.json'), json);
  const stamp = String(results.startedAt).slice(0, 16).replace(/[:T]/g, '-');
  fs.writeFileSync(path.join(dir, `${stamp}.json`), json);

  const doc = path.join(ROOT, 'docs/performance.md');
  const text = fs.readFileSync(doc, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/performance.md lacks the ${START} … ${END} markers`);
  const table = budgetTable(checks, String(results.startedAt).slice(0, 16).replace('T', ' ') + ' UTC');
  const updated = `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`;
  // As the repository's format check wants it (the table's columns padded).
  const prettierOptions = (await prettier.resolveConfig(doc)) ?? {};
  fs.writeFileSync(doc, await prettier.format(updated, { ...prettierOptions, filepath: doc }));
}

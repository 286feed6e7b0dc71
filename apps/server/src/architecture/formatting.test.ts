/**
 * Issue 33 item 13 (decision 032): money, numbers and dates are written in one place,
 * packages/domain/src/shared/format.ts, in the platform's locale and currency (GRIP_LOCALE,
 * GRIP_CURRENCY). This scan keeps the old ways from coming back into the server, the web app and the
 * domain's other rules — a toLocale*String call (which mixed en-US, en-AU and the browser's own
 * locale), an Intl number or date format of its own, or a dollar sign written by hand before an
 * amount — by file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];

/** The one place that formats, and what only tests use. */
const NOT_SCANNED = [
  /^packages\/domain\/src\/shared\/format\.ts$/,
  /\.test\.tsx?$/,
  /\/(test|testing)\//,
  /(^|\/)[^/]*fixtures\.ts$/,
  /(^|\/)test-helpers\.ts$/,
  /\/reliability\//,
];

/** Lines where a '$' is no currency, each with why. */
const NOT_MONEY: { file: string; line: RegExp; why: string }[] = [
  { file: 'passwords.ts', line: /\$scrypt\$/, why: 'the scrypt hash format ($scrypt$ln=…$salt$key)' },
];

const RULES: { what: string; pattern: RegExp; applies?: (file: string, line: string) => boolean }[] = [
  { what: 'a toLocale* format', pattern: /\.toLocale(?:Date|Time)?String\(/ },
  {
    what: 'an Intl format of its own',
    pattern: /\bIntl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat)\b/,
  },
  // `$${amount}` in a template literal: a dollar sign before a value.
  { what: "a hand-written '$'", pattern: /\$\$\{/ },
  // '$150', "$1,500", `$80-150`: a string that starts with a dollar amount ('$1' of a replace is no money).
  {
    what: "a hand-written '$'",
    pattern: /['"`]\$\d[\d,.]*(?:[-–][\d,.]+)?['"`]/,
    applies: (_file, line) => !line.includes('.replace('),
  },
  // 'Budget ($)': a currency label (withCurrency('Budget') writes the platform's sign).
  { what: "a hand-written '$'", pattern: /\(\$\)/ },
  // <span>${price}</span> and >$<: a dollar sign in JSX text (in a template literal it starts a value).
  {
    what: "a hand-written '$'",
    pattern: /(?:^|>)\s*\$\{?[\w.]*\}?\s*</,
    applies: (file, line) => file.endsWith('.tsx') && !line.includes('`'),
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every formatting of its own in `text`, as `file:line  what: the line`; comments are skipped. */
export function ownFormatting(file: string, text: string): string[] {
  const base = path.basename(file);
  const allowed = NOT_MONEY.filter((a) => a.file === base);
  return text.split('\n').flatMap((line, i) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return RULES.filter((rule) => rule.pattern.test(line) && (rule.applies?.(file, line) ?? true))
      .filter((rule) => rule.what !== "a hand-written '$'" || !allowed.some((a) => a.line.test(line)))
      .map((rule) => `${file}:${i + 1}  ${rule.what}: ${code}`);
  });
}

describe('money, numbers and dates are formatted only in shared/format.ts (decision 032)', () => {
  it('finds no toLocale* call, Intl format or hand-written dollar sign anywhere else', () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
      .filter((file) => !NOT_SCANNED.some((p) => p.test(file)))
      .flatMap((file) => ownFormatting(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches each way of formatting on its own', () => {
    const cases = [
      "const t = at.toLocaleTimeString('en-US', { hour: 'numeric' });",
      'const d = new Date(x).toLocaleDateString();',
      "const n = count.toLocaleString('en-US');",
      "const f = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });",
      'const label = `Budget: $${budget}`;',
      "plumbing: '$150-300',",
      '<Field label="Budget ($)" error={error}>',
      '          <span>${price}</span>',
    ];
    for (const line of cases) expect(ownFormatting('x.tsx', line), line).toHaveLength(1);
  });

  it('lets through what is no formatting', () => {
    const cases = [
      "const s = text.replace(/(\\d),(?=\\d{3})/g, '$1');",
      'const sql = `select * from t where id = $1`;',
      'const a = `${price} per hour`;',
      "const upper = name.toLocaleUpperCase('en-AU');",
      'return `$scrypt$ln=${params.ln}$${b64(salt)}`;',
      '// toLocaleString was here',
      'const html = `<div id="root">${page}</div>`;',
      "const sql = partyOf(sql.raw('$2::text'));",
    ];
    for (const line of cases) {
      const file = line.includes('$scrypt$') ? 'passwords.ts' : 'x.tsx';
      expect(ownFormatting(file, line), line).toEqual([]);
    }
  });
});

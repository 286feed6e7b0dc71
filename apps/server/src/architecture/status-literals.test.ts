/**
 * Issue 28: a request, offer or job changes state only through its lifecycle table
 * (packages/domain/src/lifecycles), and whatever reads a state names it from there — OPEN_REQUEST,
 * BOOKED_OFFER, JOBS_TO_DO, FINISHED_JOBS… (lifecycles/named-states.ts). This scan keeps spelled-out
 * statuses from coming back into the server, the web app and the domain's other rules: a comparison,
 * a Drizzle filter, raw SQL or a written status with one of the lifecycle words fails here, by file
 * and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];

/** Where the words belong: the tables, the vocabularies, the schema, demo data and tests. */
const NOT_SCANNED = [
  /^packages\/domain\/src\/lifecycles\//,
  /^packages\/domain\/src\/shared\/statuses\.ts$/,
  // Other vocabularies of their own, named so (reschedule proposals, disputes, reports: issue 32).
  /^packages\/domain\/src\/[a-z-]+\/[a-z-]+-vocabulary\.ts$/,
  // The database schema: enums, check constraints and partial-index predicates are literal SQL.
  /^apps\/server\/src\/db\/schema\//,
  /^apps\/server\/src\/infrastructure\/demo-data\.ts$/,
  // The outbox and its deliveries have their own vocabulary (pending, sending, sent, failed…).
  /^apps\/server\/src\/jobs\/outbox[^/]*\.ts$/,
  /^apps\/server\/src\/modules\/admin\/deliveries[^/]*\.ts$/,
  /^packages\/domain\/src\/admin\/deliveries\.ts$/,
  // Tests and what only tests use: fixtures state data as it is stored.
  /\.test\.tsx?$/,
  /\/(test|testing)\//,
  /(^|\/)[^/]*fixtures\.ts$/,
  /(^|\/)test-helpers\.ts$/,
];

/** Lines that compare another vocabulary's `status` with the same word, each with why. */
const OTHER_VOCABULARIES: { file: string; line: RegExp; why: string }[] = [
  { file: 'conversation-list.tsx', line: /status === 'pending'/, why: "TanStack Query's status" },
  { file: 'message-thread.tsx', line: /status === 'pending'/, why: "TanStack Query's status" },
  { file: 'crash-harness.ts', line: /result\.status === 'rejected'/, why: 'Promise.allSettled' },
  { file: 'account-deletion.service.ts', line: /eq\(outbox\.status, 'pending'\)/, why: 'the outbox' },
];

const WORD = `['"\`](?:open|assigned|in_progress|completed|cancelled|pending|accepted|rejected|declined|ignored|contested|archived)['"\`]`;
/** Ways a status is spelled out; `status` is any name ending in it (completionStatus, completion_status). */
const SPELLED_OUT: { what: string; pattern: RegExp }[] = [
  { what: 'a comparison', pattern: new RegExp(`[sS]tatus\\s*[!=]==?\\s*${WORD}`) },
  { what: 'a comparison', pattern: new RegExp(`${WORD}\\s*[!=]==?\\s*[\\w.?]*[sS]tatus\\b`) },
  {
    what: 'a Drizzle filter',
    pattern: new RegExp(`\\b(?:eq|ne|inArray|notInArray)\\(\\s*[\\w.]*[sS]tatus\\s*,\\s*\\[?\\s*${WORD}`),
  },
  { what: 'raw SQL', pattern: new RegExp(`[sS]tatus\\}?\\s*(?:=|<>|!=)\\s*${WORD}`) },
  { what: 'raw SQL', pattern: new RegExp(`[sS]tatus\\}?\\s+(?:not\\s+)?in\\s*\\(\\s*${WORD}`, 'i') },
  // A written or returned status; a type's union of words (`status: 'pending' | 'error'`) is not one.
  { what: 'a status written', pattern: new RegExp(`\\b\\w*[sS]tatus\\??\\s*:\\s*${WORD}(?!\\s*\\|)`) },
  {
    what: 'a list of statuses',
    pattern: new RegExp(`${WORD}\\s*\\]\\s*(?:as const\\s*)?\\)?\\.includes\\(\\s*[\\w.?]*[sS]tatus\\b`),
  },
  // A set of its own (the lifecycles name theirs: JOBS_TO_DO, WON_OFFERS…).
  {
    what: 'a list of statuses',
    pattern: new RegExp(`\\b[A-Z][A-Z_]*STATUS(?:ES)?\\b[^=]*=\\s*\\[\\s*${WORD}`),
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every spelled-out status in `text`, as `file:line  what: the line`. */
export function spelledOutStatuses(file: string, text: string): string[] {
  const base = path.basename(file);
  const allowed = OTHER_VOCABULARIES.filter((a) => a.file === base);
  return text.split('\n').flatMap((line, i) => {
    const hit = SPELLED_OUT.find(({ pattern }) => pattern.test(line));
    if (!hit || allowed.some((a) => a.line.test(line))) return [];
    return [`${file}:${i + 1}  ${hit.what}: ${line.trim()}`];
  });
}

describe('status literals', () => {
  it('are named from the lifecycles everywhere outside the tables and the schema', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
      .filter((file) => !NOT_SCANNED.some((p) => p.test(file)));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      spelledOutStatuses(file, fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('catches each way a status is spelled out', () => {
    const caught = (line: string) => spelledOutStatuses('x.ts', line).length === 1;
    for (const line of [
      "eq(businessResponses.status, 'accepted')",
      "ne(businessResponses.completionStatus, 'completed')",
      "inArray(businessResponses.status, ['pending', 'in_progress'])",
      "if (response.status === 'pending') return;",
      "job.completionStatus !== 'contested'",
      "'open' === request.status",
      "sql`${serviceRequests.status} = 'open'`",
      'where br.status <> \'ignored\' and br.completion_status = "completed"',
      "and br.status in ('accepted', 'in_progress')",
      ".set({ status: 'rejected', updatedAt: now })",
      "return { id, status: 'declined' };",
      "['completed', 'contested'].includes(booking.completionStatus)",
      "export const WON_STATUSES = ['accepted', 'in_progress', 'completed'] as const;",
    ])
      expect(caught(line), line).toBe(true);
    for (const line of [
      'eq(businessResponses.status, BOOKED_OFFER)',
      "section === 'completed' ? a : b",
      "status: 'pending' | 'error' | 'success';",
      "jobSectionOf(completionStatus) === 'completed'",
      "pendingTotal: sums('pending', w).total,",
      "{ kind: 'rejected'; message: string }",
    ])
      expect(caught(line), line).toBe(false);
  });
});

#!/usr/bin/env node
// `npm run validate`: the one command to run before a push — typecheck, lint, format check and `npm test`,
// stopping at the first step that fails (no point waiting 2 minutes for tests when the types are wrong).
//
// CI (.ci/run) runs the same command as `npm run validate -- --ci --report-dir=.tmp/ci`:
//   --ci               every step runs even after one fails, because CI counts each of them;
//   --report-dir=DIR   `npm test` also writes Vitest's JSON report to DIR/vitest.json (the test counts),
//                      and DIR/validate.json lists each step with its exit code.
// Exits 0 only when every step that ran passed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let ci = false;
let reportDir;
for (const arg of process.argv.slice(2)) {
  if (arg === '--ci') ci = true;
  else if (arg.startsWith('--report-dir=')) reportDir = path.resolve(root, arg.slice('--report-dir='.length));
  else {
    console.error(`validate: unknown option ${arg} (known: --ci, --report-dir=DIR)`);
    process.exit(2);
  }
}

const vitestReport = reportDir && path.join(reportDir, 'vitest.json');
const steps = [
  { name: 'typecheck', script: ['typecheck'] },
  { name: 'lint', script: ['lint'] },
  { name: 'format', script: ['format:check'] },
  {
    name: 'test',
    script: vitestReport
      ? ['test', '--', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]
      : ['test'],
  },
];

if (reportDir) {
  fs.mkdirSync(reportDir, { recursive: true });
  // A report left by an earlier run must not be counted as this run's.
  fs.rmSync(vitestReport, { force: true });
}

const started = Date.now();
const results = [];
for (const step of steps) {
  if (!ci && results.some((r) => r.exitCode !== 0)) {
    results.push({ name: step.name, exitCode: null, seconds: 0 });
    continue;
  }
  console.log(`\n=== validate: ${step.name} (npm run ${step.script[0]})`);
  const from = Date.now();
  const run = spawnSync('npm', ['run', '-s', ...step.script], {
    cwd: root,
    stdio: 'inherit',
    // npm is npm.cmd on Windows, which only a shell finds.
    shell: process.platform === 'win32',
  });
  // Killed by a signal (status null) or not started at all counts as a failure.
  const exitCode = run.status ?? 1;
  results.push({ name: step.name, exitCode, seconds: Math.round((Date.now() - from) / 1000) });
}

if (reportDir) {
  fs.writeFileSync(path.join(reportDir, 'validate.json'), `${JSON.stringify({ steps: results }, null, 2)}\n`);
}
console.log(`\nvalidate (${Math.round((Date.now() - started) / 1000)} s):`);
for (const r of results) {
  const outcome = r.exitCode === null ? 'skipped' : r.exitCode === 0 ? 'passed' : 'FAILED';
  console.log(`  ${r.name.padEnd(10)} ${outcome}${r.exitCode === null ? '' : ` (${r.seconds} s)`}`);
}
process.exit(results.every((r) => r.exitCode === 0) ? 0 : 1);

#!/usr/bin/env node
// `npm run validate`: the one command to run before a push — typecheck, lint, format check and `npm test`.
// The three checks run at once (each is one process on one core; together they take about as long as
// the typecheck alone on two cores), each one's output printed whole when it ends, in this order; the
// tests run after them, and not at all when a check failed (no point waiting 2 minutes for tests when
// the types are wrong).
//
// CI (.ci/run) runs the same command as `npm run validate -- --ci --report-dir=.tmp/ci`:
//   --ci               the tests run even after a check failed, because CI counts each step;
//   --report-dir=DIR   `npm test` also writes Vitest's JSON report to DIR/vitest.json (the test counts),
//                      and DIR/validate.json lists each step with its exit code.
// Exits 0 only when every step that ran passed.
import { spawn } from 'node:child_process';
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

/**
 * Runs `npm run -s <script>`; resolves with its exit code (a signal or a failure to start counts as
 * 1) and its time. With `captured`, its output is kept and printed whole when it ends, so the output
 * of steps running at once never interleaves.
 */
function runStep(step, { captured }) {
  const from = Date.now();
  const child = spawn('npm', ['run', '-s', ...step.script], {
    cwd: root,
    stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // npm is npm.cmd on Windows, which only a shell finds.
    shell: process.platform === 'win32',
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let exitCode = 1;
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('exit', (code) => (exitCode = code ?? 1));
    // 'close' comes after the output has been read to its end.
    child.on('close', () => {
      resolve({ name: step.name, exitCode, seconds: Math.round((Date.now() - from) / 1000), output });
    });
  });
}

const started = Date.now();
const checks = steps.filter((step) => step.name !== 'test');
const test = steps.find((step) => step.name === 'test');
console.log(`\n=== validate: ${checks.map((step) => step.name).join(', ')}, at once`);
const results = [];
for (const result of await Promise.all(checks.map((step) => runStep(step, { captured: true })))) {
  const step = steps.find((s) => s.name === result.name);
  console.log(`\n=== validate: ${result.name} (npm run ${step.script[0]}, ${result.seconds} s)`);
  process.stdout.write(Buffer.concat(result.output));
  results.push({ name: result.name, exitCode: result.exitCode, seconds: result.seconds });
}
if (!ci && results.some((r) => r.exitCode !== 0)) {
  results.push({ name: test.name, exitCode: null, seconds: 0 });
} else {
  console.log(`\n=== validate: ${test.name} (npm run ${test.script[0]})`);
  const { exitCode, seconds } = await runStep(test, { captured: false });
  results.push({ name: test.name, exitCode, seconds });
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

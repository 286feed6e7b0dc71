#!/usr/bin/env node
/**
 * `npm run test:busy`: runs a suite while every core is kept busy by another process, the way a
 * developer's machine is when it also builds, indexes or runs a browser. A suite that passes only on
 * an idle machine depends on how fast the machine is, which no test may (docs/testing.md).
 *
 *   npm run test:busy                      npm test, three times in a row
 *   npm run test:busy -- --suite pg        the API suite on PostgreSQL (TEST_DATABASE_URL), once
 *   npm run test:busy -- --suite e2e       the end-to-end suite (build first), once, without retries
 *   npm run test:busy -- --runs 5 --hogs 4
 *
 * The hogs are plain busy loops at the same priority as the suite, one per core unless --hogs says
 * otherwise. Exits non-zero when any run fails; prints each run's result and wall time.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const SUITES = {
  unit: { command: 'npx', args: ['vitest', 'run'], runs: 3 },
  pg: { command: 'node', args: ['scripts/test-pg.mjs'], runs: 1 },
  // Retries would hide a test that passes only on its second try.
  e2e: { command: 'npx', args: ['playwright', 'test', '--retries=0'], runs: 1 },
};

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'unit' },
    runs: { type: 'string' },
    hogs: { type: 'string' },
  },
});
const suite = SUITES[values.suite];
if (!suite) {
  console.error(`Unknown suite "${values.suite}": use one of ${Object.keys(SUITES).join(', ')}.`);
  process.exit(2);
}
const runs = Number(values.runs ?? suite.runs);
const hogCount = Number(values.hogs ?? os.availableParallelism());
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(hogCount) || hogCount < 0) {
  console.error('--runs must be a whole number of at least 1, --hogs a whole number of at least 0.');
  process.exit(2);
}

const hogs = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function run() {
  return new Promise((resolve) => {
    const child = spawn(suite.command, suite.args, { stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

console.log(
  `test:busy — ${values.suite} suite, ${runs} run(s), next to ${hogCount} busy loop(s) on ${os.availableParallelism()} core(s)`,
);
const results = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const code = await run();
  results.push({ run: i, code, seconds: Math.round((Date.now() - started) / 1000) });
  console.log(
    `\ntest:busy — run ${i} of ${runs}: ${code === 0 ? 'passed' : 'FAILED'} in ${results.at(-1).seconds} s\n`,
  );
}
stopHogs();
const failed = results.filter((r) => r.code !== 0).length;
console.log(
  `test:busy — ${values.suite}: ${runs - failed} of ${runs} run(s) passed next to ${hogCount} busy loop(s) ` +
    `(${results.map((r) => `${r.seconds} s`).join(', ')})`,
);
process.exit(failed === 0 ? 0 : 1);

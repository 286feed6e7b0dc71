#!/usr/bin/env node
// The end-to-end suite's servers, started at once: `node scripts/e2e-servers.mjs PORT...` runs
// scripts/e2e-server.mjs on each port (its OpenID Connect provider on the next one), each in a process
// of its own with its own fresh embedded database, and prints "e2e servers ready" once every one's
// /readyz answers. Started one after the other (one Playwright webServer each), a new database's
// initdb and migrations ran four times in a row while a core sat idle.
// Exits, stopping the others, as soon as one of them exits; stops them all when stopped itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ports = process.argv.slice(2).map(Number);
if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port <= 0)) {
  console.error('usage: node scripts/e2e-servers.mjs PORT [PORT...]');
  process.exit(2);
}

let stopping = false;
const servers = ports.map((port) => {
  const child = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), E2E_OIDC_PORT: String(port + 1) },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`the e2e server on port ${port} exited (${signal ?? `code ${code}`})`);
    stop(1);
  });
  return { port, child };
});

function stop(code) {
  stopping = true;
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
  // The servers close their databases on SIGTERM; this one leaves once they have.
  Promise.all(
    servers.map(({ child }) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(0));

/** Waits until the server answers /readyz with 200 (a readiness state, polled every 100 ms). */
async function ready(port) {
  for (;;) {
    if (stopping) return;
    const ok = await fetch(`http://localhost:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all(ports.map(ready));
if (!stopping) console.log(`e2e servers ready on ports ${ports.join(', ')}`);

#!/usr/bin/env node
// The scale suite's stack (npm run test:scale, docs/operations.md): a fresh PostgreSQL database, a real
// S3-compatible server (s3rver) for the uploads, a real SMTP server that keeps every email it is sent,
// three Grip processes of the production build sharing them (one AUTH_SECRET), and Debian's nginx in
// front, round-robin, with the configuration the README gives. Prints "scale stack ready" once nginx
// answers; stops everything (and drops the database) when stopped itself.
//
//   node scripts/scale-stack.mjs [BASE_PORT]   nginx on BASE_PORT (default 3300), Grip on the next
//                                              three, s3rver and SMTP after them
//
// What the tests read, in .tmp/scale/: stack.json (the processes' ports and pids, so a test can kill
// one mid-journey) and emails.jsonl (every email received, one JSON object a line).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { nginxConfig } from './nginx-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = Number(process.argv[2] ?? process.env.SCALE_PORT ?? 3300);
const gripPorts = [base + 1, base + 2, base + 3];
const s3Port = base + 4;
const smtpPort = base + 5;
const dir = path.join(root, '.tmp', 'scale');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginxBinary) {
  console.error('nginx is not installed (Debian: apt-get install nginx)');
  process.exit(2);
}

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(path.join(dir, 'nginx'), { recursive: true });
const emailsFile = path.join(dir, 'emails.jsonl');
fs.writeFileSync(emailsFile, '');

const cleanups = [];
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => void stop(0));

// The database: a new one per run, dropped at the end.
const database = `grip_scale_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
await admin.end();
cleanups.push(async () => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${database} with (force)`);
  await c.end();
});
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${database}`;

// Object storage.
const s3Dir = path.join(dir, 's3');
const s3 = new S3rver({
  port: s3Port,
  address: '127.0.0.1',
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'grip-scale' }],
});
await s3.run();
cleanups.push(() => s3.close());

// Email: every message is kept, so a test can tell whether one was sent twice.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
      fs.appendFileSync(emailsFile, `${JSON.stringify({ to, subject, raw })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
cleanups.push(() => new Promise((resolve) => smtp.close(resolve)));

// Three processes of one Grip: what they must share is the database, the secret and the storage.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl.toString(),
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: `http://localhost:${base}`,
  TRUST_PROXY: '1',
  DEMO_DATA: 'off',
  AUTH_RATE_LIMIT: '1000',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  S3_BUCKET: 'grip-scale',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  OUTBOX_POLL_MS: '250',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  LOG_FORMAT: 'json',
};
const processes = [];
function startGrip(port) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const entry = { port, pid: child.pid, child };
  child.on('exit', (code, signal) => {
    entry.exited = signal ?? code;
    // A process a test killed is expected to be gone; one that dies before the stack is up is not.
    if (!ready && !stopping) {
      console.error(`Grip on port ${port} exited (${signal ?? `code ${code}`}) while starting`);
      void stop(1);
    }
  });
  processes.push(entry);
  return entry;
}
cleanups.push(async () => {
  await Promise.all(
    processes
      .filter((p) => p.child.exitCode === null && p.child.signalCode === null)
      .map((p) => new Promise((resolve) => (p.child.on('exit', resolve), p.child.kill('SIGTERM')))),
  );
});

async function answers(url) {
  for (;;) {
    if (stopping) return;
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let ready = false;
// The first one migrates the new database; the others start on it as it is.
startGrip(gripPorts[0]);
await answers(`http://127.0.0.1:${gripPorts[0]}/readyz`);
for (const port of gripPorts.slice(1)) startGrip(port);
await Promise.all(gripPorts.map((port) => answers(`http://127.0.0.1:${port}/readyz`)));

// nginx, as the README configures it, in a prefix of its own (no root-owned paths, no daemon).
const nginxDir = path.join(dir, 'nginx');
fs.writeFileSync(
  path.join(nginxDir, 'nginx.conf'),
  nginxConfig({
    listen: `127.0.0.1:${base}`,
    upstreams: gripPorts.map((p) => `127.0.0.1:${p}`),
    prefix: nginxDir,
  }),
);
const nginx = spawn(nginxBinary, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', 'stderr'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
nginx.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`nginx exited (${signal ?? `code ${code}`})`);
    void stop(1);
  }
});
cleanups.push(
  () =>
    new Promise((resolve) => {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
      nginx.on('exit', resolve);
      nginx.kill('SIGQUIT');
    }),
);
await answers(`http://127.0.0.1:${base}/readyz`);

fs.writeFileSync(
  path.join(dir, 'stack.json'),
  JSON.stringify(
    { nginx: base, processes: processes.map(({ port, pid }) => ({ port, pid })), database },
    null,
    2,
  ),
);
ready = true;
console.log(`scale stack ready: nginx on ${base}, Grip on ${gripPorts.join(', ')}`);

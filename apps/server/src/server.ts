import { buildApp } from './app';
import { loadConfig } from './config';
import { shutDown } from './infrastructure/shutdown';

/** Starts Grip: listens, prints where, and shuts down gracefully on SIGINT/SIGTERM. */
const config = loadConfig();
const app = await buildApp(config);

let closing = false;
let hurry = () => {};
const hurried = new Promise<void>((resolve) => (hurry = resolve));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal ends the draining at once; the in-flight work still gets its grace.
    if (closing) return hurry();
    closing = true;
    const { shutdownDrainMs: drainMs, shutdownGraceMs: graceMs } = config;
    app.log.info({ signal, drainMs, graceMs }, 'shutting down: draining');
    shutDown(app, { drainMs, graceMs }, hurried).then(
      (outcome) => {
        if (outcome === 'timed out') app.log.warn({ graceMs }, 'shutdown: the grace period ended first');
        else app.log.info('shutdown: closed');
        process.exit(outcome === 'closed' ? 0 : 1);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl;
const lines = [
  `Grip is running on ${url}`,
  `Database: ${app.grip.database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
  // Without a mail server, the log is where a first administrator finds their confirmation or reset
  // link (docs/decisions/020): say so, since those links sign in whoever holds them.
  config.smtpUrl
    ? `Email: sent through ${new URL(config.smtpUrl).host}`
    : 'Email: not sent (no SMTP_URL); each email, with its sign-in or reset link, is printed in this log',
];
if (app.grip.demoLogins) {
  lines.push('', 'Demo marketplace: sign in with');
  for (const login of app.grip.demoLogins) {
    lines.push(`  ${login.role.padEnd(15)} ${login.email.padEnd(22)} password: ${login.password}`);
  }
}
console.log(`\n${lines.join('\n')}\n`);

import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts Grip: listens, prints where, and shuts down gracefully on SIGINT/SIGTERM. */
const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
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

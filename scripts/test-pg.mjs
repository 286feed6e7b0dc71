#!/usr/bin/env node
// The API suite on real PostgreSQL: every test file gets its own database, created and dropped
// through TEST_DATABASE_URL (default: the local server with trust auth, as on CI machines).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('show server_version');
  console.log(`PostgreSQL ${rows[0].server_version} at ${new URL(url).host}`);
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${url}: ${err.message}`);
  console.error('Start it (see README, "Tests") or set TEST_DATABASE_URL.');
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

// Vitest runs on the Node that runs this script (CI: Node 24 through `npx -p node@24`), not on
// whichever `node` comes first on the PATH.
console.log(`Node ${process.version}`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);

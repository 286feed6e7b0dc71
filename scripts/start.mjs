#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed since the last build,
// then runs the production server (embedded database in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const domain = newest(at('packages/domain/src'));
const web = Math.max(
  domain,
  newest(at('apps/web/src')),
  newest(at('apps/web/public')),
  builtAt(at('apps/web/index.html')),
);
const server = Math.max(domain, newest(at('apps/server/src')));

const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (builtAt(at('apps/web/dist/index.html')) < web) run(['run', 'build', '-w', 'apps/web']);
if (builtAt(at('apps/server/dist/server.js')) < server) run(['run', 'build', '-w', 'apps/server']);

const child = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));

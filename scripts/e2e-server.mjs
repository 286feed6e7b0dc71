#!/usr/bin/env node
// The server the end-to-end suite talks to: the production build on a fresh embedded database,
// without demo data, with auth rate limits high enough for a suite that signs up many users.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.tmp', 'e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
const port = process.env.PORT ?? '3100';
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'off',
  AUTH_RATE_LIMIT: '1000',
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  LOG_FORMAT: 'json',
});
await import(path.join(root, 'apps/server/dist/server.js'));

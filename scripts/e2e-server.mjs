#!/usr/bin/env node
// The server the end-to-end suite talks to: the production build on a fresh embedded database,
// without demo data, with auth rate limits high enough for a suite that signs up many users, and
// "Continue with Google" pointed at a local OpenID Connect server (oauth2-mock-server) so the
// browser can do the whole round trip on loopback.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '3100';
// One directory per port, so two suites on different ports never wipe each other's database.
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3101);

// Each visit to the provider's sign-in page stands for a different Google user.
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
let visits = 0;
const currentUser = () => ({
  sub: `google-e2e-${visits}`,
  email: `google.e2e.${Date.now().toString(36)}.${visits}@example.com`,
  name: `Google User ${visits}`,
});
let user = currentUser();
oidc.service.on('beforeAuthorizeRedirect', () => {
  visits += 1;
  user = currentUser();
});
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, { ...user, email_verified: true, aud: 'grip-e2e' });
});
oidc.service.on('beforeUserinfo', (res) => {
  res.body = { ...user, email_verified: true };
});
await oidc.start(oidcPort, '127.0.0.1');

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'off',
  AUTH_RATE_LIMIT: '1000',
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  LOG_FORMAT: 'json',
  GOOGLE_CLIENT_ID: 'grip-e2e',
  GOOGLE_CLIENT_SECRET: 'grip-e2e-secret',
  GOOGLE_ISSUER: oidc.issuer.url,
});
await import(path.join(root, 'apps/server/dist/server.js'));

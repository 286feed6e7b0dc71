import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { BackedUpAuthSecret, BackupHeader } from './backup-format';

/**
 * The two files of DATA_DIR that belong with the data (auth/auth.ts and infrastructure/demo-data.ts
 * create them): the generated auth secret, which encrypts two-factor secrets and signs session
 * cookies, and the demo accounts' password. Without them a moved installation would lock out every
 * two-factor account and show demo logins that do not work.
 */
const AUTH_SECRET_FILE = 'auth-secret';
const DEMO_PASSWORD_FILE = 'demo-password';

const fingerprint = (secret: string) => createHash('sha256').update(secret).digest('hex');

function readIn(config: Pick<Config, 'dataDir'>, name: string): string | null {
  if (config.dataDir === 'memory://') return null;
  const file = path.join(config.dataDir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** What the backed-up server signs and encrypts with, as auth/auth.ts resolves it. */
export function backedUpSecrets(
  config: Pick<Config, 'dataDir' | 'authSecret' | 'env'>,
): Pick<BackupHeader, 'authSecret' | 'demoPassword'> {
  let authSecret: BackedUpAuthSecret | null = null;
  if (config.authSecret) authSecret = { from: 'env', sha256: fingerprint(config.authSecret) };
  else if (config.env !== 'test') {
    const value = readIn(config, AUTH_SECRET_FILE);
    if (value) authSecret = { from: 'file', value };
  }
  return { authSecret, demoPassword: readIn(config, DEMO_PASSWORD_FILE) };
}

function writeIn(config: Pick<Config, 'dataDir'>, name: string, value: string): void {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, name);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
  if (existing === value) return;
  // The one it replaces was made by a server that started on this folder, and nothing restored was
  // written with it; it is kept beside, never silently lost.
  if (existing !== null) fs.renameSync(file, `${file}.before-restore`);
  fs.writeFileSync(file, value, { mode: 0o600 });
}

/**
 * Puts the backed-up secrets where the restored server will look for them; answers warnings for
 * what the operator must do (an AUTH_SECRET of their own that differs from the one the data needs).
 */
export function restoreSecrets(
  config: Pick<Config, 'dataDir' | 'authSecret' | 'env'>,
  header: Pick<BackupHeader, 'authSecret' | 'demoPassword'>,
): string[] {
  const warnings: string[] = [];
  const inMemory = config.dataDir === 'memory://';
  if (header.demoPassword && !inMemory) writeIn(config, DEMO_PASSWORD_FILE, header.demoPassword);
  const secret = header.authSecret;
  if (!secret || config.env === 'test') return warnings;
  const consequence =
    'accounts with two-factor authentication cannot sign in, and everyone must sign in again';
  if (secret.from === 'file') {
    if (!inMemory) writeIn(config, AUTH_SECRET_FILE, secret.value);
    if (config.authSecret && fingerprint(config.authSecret) !== fingerprint(secret.value)) {
      warnings.push(
        `AUTH_SECRET is set and differs from the secret the backed-up server generated: ${consequence}. ` +
          `Unset AUTH_SECRET to use the restored ${path.join(config.dataDir, AUTH_SECRET_FILE)}, or set it to that file's content.`,
      );
    }
  } else if (!config.authSecret || fingerprint(config.authSecret) !== secret.sha256) {
    warnings.push(
      `The backed-up server used its own AUTH_SECRET, and this one ${config.authSecret ? 'has another' : 'has none'}: ` +
        `${consequence}. Set AUTH_SECRET to the value the old server used.`,
    );
  }
  return warnings;
}

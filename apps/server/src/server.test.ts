import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPostgres } from './test/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe.skipIf(isPostgres())('server.ts', () => {
  it('listens, prints where, and on SIGTERM finishes cleanly and releases the data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-server-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      // A new embedded database (initdb and every migration) under tsx: slow on a busy 2-core machine.
      for (let i = 0; i < 450 && !output.includes('Grip is running'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toContain(`Grip is running on http://localhost:${port}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'grip.pid'))).toBe(true);

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'grip.pid'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

// nginx in front of several Grip processes for the capacity phase, configured as the README says
// (scripts/nginx-config.mjs), run unprivileged from a directory of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxConfig } from '../../scripts/nginx-config.mjs';

export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

export async function startNginx(listenPort: number, upstreamPorts: number[]) {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-bench-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxConfig({
      listen: `127.0.0.1:${listenPort}`,
      upstreams: upstreamPorts.map((p) => `127.0.0.1:${p}`),
      prefix,
    }),
  );
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}

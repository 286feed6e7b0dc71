#!/usr/bin/env node
// Regenerates docs/screenshots: the main screens as a visitor, a customer, a business and an
// administrator, each at 390, 768 and 1280 px wide, and a few of them in the dark theme too
// (*-dark-390.png, *-dark-1280.png). They are taken by the accessibility walk
// (e2e/accessibility.spec.ts), which checks every page as it goes, on a fresh database.
// Run with: npm run screenshots (builds first). The folder is not committed (.gitignore): no doc embeds
// a screenshot, so they are regenerated when wanted rather than versioned.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs/screenshots');
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (file.endsWith('.png')) fs.rmSync(path.join(dir, file));
}
const run = spawnSync('npx', ['playwright', 'test', 'e2e/accessibility.spec.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS: '1' },
});
const taken = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')).length : 0;
console.log(`${taken} screenshots in docs/screenshots`);
process.exit(run.status ?? 1);

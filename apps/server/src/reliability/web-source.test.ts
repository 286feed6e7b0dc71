/**
 * User text is never rendered as HTML (issue 10 §6): React escapes what it renders, so the ways
 * around that must not appear in the web app, and index.html carries no inline script (the CSP would
 * refuse it anyway). The end-to-end suite shows stored markup as text on the screens themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../../web');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app renders text, never markup', () => {
  it('has no raw-HTML sink in its source', () => {
    const files = sourceFiles(path.join(WEB, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const sinks =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(|new Function\(|\beval\(/;
    const found = files.filter((file) => sinks.test(fs.readFileSync(file, 'utf8')));
    expect(found.map((f) => path.relative(WEB, f))).toEqual([]);
  });

  it('loads no inline script from index.html', () => {
    const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

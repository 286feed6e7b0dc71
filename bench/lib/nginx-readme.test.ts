import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../../scripts/nginx-config.mjs';
import { ROOT } from './processes';

// The README promises the nginx configuration the scale suite and the capacity phase run through.
describe('the nginx configuration in the README', () => {
  it('is the one scripts/nginx-config.mjs writes for three processes', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(
      site({ listen: '80', upstreams: ['127.0.0.1:3001', '127.0.0.1:3002', '127.0.0.1:3003'] }),
    );
  });
});

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, asked about one made-up file of the web app. */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: REPO });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(REPO, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'web-layers/imports').map((m) => m.message);
}

describe('web layers (apps/web/layers.js, enforced by eslint.config.js)', () => {
  it('refuses a screen importing another screen, by alias, relative path or import()', async () => {
    const errors = await layerErrors(
      'features/my-requests/components/example.tsx',
      [
        "import { OpportunitiesView } from '@/features/opportunities/components/opportunities-view';",
        "export { RespondScreen } from '../../respond/components/respond-screen';",
        "export const load = () => import('@/features/jobs/components/job-detail-view');",
        'export { OpportunitiesView };',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('features/opportunities is a screen, and screens never import each other');
  });

  it('lets a screen use shared features, and a shared feature only those after it', async () => {
    expect(
      await layerErrors(
        'features/my-requests/components/example.tsx',
        "export { OfferDialog } from '@/features/offers/components/offer-dialog';",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'features/auth/hooks/example.ts',
        "export { OfferDialog } from '@/features/offers/components/offer-dialog';",
      ),
    ).toEqual([
      'Shared features import only those after them in apps/web/layers.js; features/offers comes before features/auth.',
    ]);
  });

  it('keeps components/ and lib/ below every feature and app/', async () => {
    const code = "export { useCurrentUser } from '@/features/auth/api/use-current-user';";
    expect(await layerErrors('components/ui/example.tsx', code)).toHaveLength(1);
    expect(await layerErrors('lib/example.ts', "export { Providers } from '../app/providers';")).toHaveLength(
      1,
    );
    expect(await layerErrors('app/shell/example.tsx', code)).toEqual([]);
  });
});

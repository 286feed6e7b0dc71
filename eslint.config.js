import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { SHARED_FEATURES, layerViolation } from './apps/web/layers.js';

/** Import direction (docs/architecture.md): web -> domain, server -> domain; domain imports neither. */
const noAppImports = (apps) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: apps.map((app) => ({
        group: [`@grip/${app}`, `@grip/${app}/*`, `**/apps/${app}/**`, `**/${app}/src/**`],
        message: `This package may not import apps/${app} (see docs/architecture.md).`,
      })),
    },
  ],
});

/**
 * The server's layers (docs/architecture.md): the folders below the modules (database, auth, jobs,
 * shared lib, request plugins) never import a module; what they need from one is handed in by the
 * composition root (app.ts, infrastructure/). Modules never import the composition root. Test files
 * may reach across, as the import-graph test (apps/server/src/architecture.test.ts) also allows.
 * These rules replace noAppImports(['web']) for the files they cover, so they repeat it.
 */
const serverLayerImports = (layer, message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...noAppImports(['web'])['no-restricted-imports'][1].patterns,
        { group: layer.map((folder) => `**/${folder}`).flatMap((p) => [p, `${p}/**`]), message },
      ],
    },
  ],
});

/**
 * The location privacy model (docs/decisions/018): exact points of requests and profiles are read in
 * queries only by the files that serve their owner or administrators; every distance, reach and
 * count between parties goes through modules/privacy/location-privacy.ts and the public points.
 */
const exactPointReaders = [
  'apps/server/src/db/**',
  'apps/server/src/modules/privacy/location-privacy.ts',
  // The customer's own starting location (their default location or latest request).
  'apps/server/src/modules/requests/starting-location.repository.ts',
  // Administrators see exact points: the test tools' business search, the directory and exports.
  'apps/server/src/modules/admin/**',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/reliability/**',
  'apps/server/src/test/**',
];

/**
 * Web layers: which part of apps/web/src may import which is declared once in apps/web/layers.js;
 * this rule resolves every import there (alias '@/…' and relative, static, re-export, import() and
 * vi.mock paths) and asks the declaration. Core no-restricted-imports cannot see import() nor tell
 * where a relative path lands, hence a local rule.
 */
const WEB_SRC = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
for (const name of Object.keys(SHARED_FEATURES)) {
  // A stale declaration fails loudly instead of allowing what it no longer describes.
  if (!existsSync(path.join(WEB_SRC, 'features', name))) {
    throw new Error(`apps/web/layers.js names features/${name}, which does not exist.`);
  }
}
const webPath = (file) => path.relative(WEB_SRC, file).split(path.sep).join('/');
const webLayers = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [], docs: { description: 'Imports follow apps/web/layers.js' } },
      create(context) {
        const from = webPath(context.filename);
        const check = (node) => {
          if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
          const specifier = node.value;
          const target = specifier.startsWith('@/')
            ? specifier.slice(2)
            : specifier.startsWith('.')
              ? webPath(path.resolve(path.dirname(context.filename), specifier))
              : null;
          const message = target === null ? null : layerViolation(from, target);
          if (message) context.report({ node, message });
        };
        return {
          'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression': (node) =>
            check(node.source),
          // A test that mocks another screen's module ties the two as much as an import does.
          'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|importActual|importMock)$/]':
            (node) => check(node.arguments[0]),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-server',
      'data',
      '**/drizzle',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['packages/domain/**'], rules: noAppImports(['server', 'web']) },
  { files: ['apps/web/**'], rules: noAppImports(['server']) },
  { files: ['apps/server/**'], rules: noAppImports(['web']) },
  // Server layers: nothing below the modules imports one; no module imports the composition root.
  {
    files: ['apps/server/src/{db,auth,jobs,lib,plugins}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: serverLayerImports(
      ['modules', 'infrastructure', 'app'],
      'Nothing below the modules imports a module or the composition root: have it handed in (docs/architecture.md).',
    ),
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: serverLayerImports(
      ['infrastructure', 'app'],
      'Modules do not import the composition root (app.ts, infrastructure/): see docs/architecture.md.',
    ),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: exactPointReaders,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(serviceRequests|profiles)$/][property.name=/^(latitude|longitude)$/]',
          message:
            'Exact points stay with their owner: measure between parties with modules/privacy/location-privacy.ts (docs/decisions/018).',
        },
        {
          selector: 'ImportSpecifier[imported.name="greatCircleKmSql"]',
          message:
            'Distances between parties are shownDistanceSql/reachesSql between public points (docs/decisions/018).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web layers (apps/web/layers.js): screens never import each other; components/ and lib/ no feature.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/imports': 'error' },
  },
);

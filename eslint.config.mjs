// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers (bulletproof-react's rule): `app/` composes features; a feature never
 * imports another feature or `app/`; the shared layers (`components/`, `lib/`, `config/`,
 * `testing/`) import no feature and no `app/`. What two features both need moves down into a
 * shared layer. Imports that leave a folder go through the `@/` alias, so a relative path climbs
 * at most to its parent folder, and never out of a feature (a file at a feature's root climbs none).
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerMessage = 'Features never import each other or app/: move what several features need into components/ or lib/, and compose features in app/.';
const noAppImport = { group: ['@/app', '@/app/*'], message: layerMessage };
const restrictedImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const webLayers = [
  {
    files: ['apps/web/src/{components,lib,config,testing}/**/*.{ts,tsx}'],
    rules: restrictedImports([{ group: ['@/features', '@/features/*'], message: layerMessage }, noAppImport]),
  },
  ...webFeatures.flatMap((feature) => {
    const otherFeatures = { group: ['@/features/*', `!@/features/${feature}`], message: layerMessage };
    const climbOut = (regex) => ({ regex, message: `A relative import may not leave features/${feature}/: import from another folder through '@/'.` });
    return [
      { files: [`apps/web/src/features/${feature}/*.{ts,tsx}`], rules: restrictedImports([otherFeatures, noAppImport, climbOut('^\\.\\./')]) },
      { files: [`apps/web/src/features/${feature}/*/**/*.{ts,tsx}`], rules: restrictedImports([otherFeatures, noAppImport, climbOut('^(\\.\\./){2,}')]) },
    ];
  }),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', '.data/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Apps may import libs, never each other; the web app never imports server code.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:util', 'type:feature'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:util', 'type:feature'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...webLayers,
  {
    // k6 scripts (and the adapter's fixtures): k6's init-context globals and Web Crypto; the flows
    // import neither k6 nor Node.
    files: ['load-tests/**/*.js', 'tests/integration/fixtures/k6-*.mjs', 'tools/k6-adapter/fixtures/*.mjs'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly', crypto: 'readonly' } },
  },
);

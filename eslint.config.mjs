// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers (bulletproof-react's rule): `app/` composes features; a feature never
 * imports another feature or `app/`; the shared layers (`components/`, `hooks/`, `lib/`, `config/`,
 * `testing/`) import no feature and no `app/`. What two features both need moves down into a
 * shared layer. Imports that leave a folder go through the `@/` alias, so a relative path climbs
 * at most to its parent folder, and never out of a feature or a shared layer (a file at its root
 * climbs none). The same holds for a dynamic `import()`, which no-restricted-imports does not see:
 * no-restricted-syntax checks its path against the same patterns.
 * tools/lint/eslint-rules.spec.mjs lints the fixtures in tools/lint/fixtures/ as files of the app.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webSharedLayers = ['components', 'hooks', 'lib', 'config', 'testing'];
const layerMessage = 'Features never import each other or app/: move what several features need into components/ or lib/, and compose features in app/.';
const sharedMessage = 'Shared layers (components/, hooks/, lib/, config/, testing/) never import a feature or app/: pass what they need in as props or arguments.';
const climbMessage = (folder) => `A relative import may not leave ${folder}/: import from another folder through '@/'.`;
/** One forbidden import path: `regex` for static imports (no-restricted-imports) and for `import()` (no-restricted-syntax). */
const forbid = (regex, message) => ({ regex, message });
const noApp = (message) => forbid('^@/app(/|$)', message);
/** A raw `<button className="button …">`: the Button primitive (components/ui/button.tsx) is the one place that writes it. */
const rawButtonMessage = "Use the Button primitive (@/components/ui/button) instead of a raw <button className=\"button …\">.";
const rawButton = [
  `JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className'] Literal[value=/^button(\\s|$)/]`,
  `JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className'] TemplateElement[value.raw=/^button(\\s|$)/]`,
].map((selector) => ({ selector, message: rawButtonMessage }));
const webRules = (forbidden, { rawButtonAllowed = false } = {}) => ({
  'no-restricted-imports': ['error', { patterns: forbidden }],
  'no-restricted-syntax': [
    'error',
    ...forbidden.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
    ...(rawButtonAllowed ? [] : rawButton),
  ],
});
const webLayers = [
  { files: ['apps/web/src/**/*.tsx'], rules: webRules([]) },
  ...webSharedLayers.flatMap((layer) => {
    const shared = [forbid('^@/features(/|$)', sharedMessage), noApp(sharedMessage)];
    return [
      { files: [`apps/web/src/${layer}/*.{ts,tsx}`], rules: webRules([...shared, forbid('^\\.\\./', climbMessage(layer))]) },
      { files: [`apps/web/src/${layer}/*/**/*.{ts,tsx}`], rules: webRules([...shared, forbid('^(\\.\\./){2,}', climbMessage(layer))]) },
    ];
  }),
  { files: ['apps/web/src/components/ui/button.tsx'], rules: webRules([forbid('^@/features(/|$)', sharedMessage), noApp(sharedMessage), forbid('^(\\.\\./){2,}', climbMessage('components'))], { rawButtonAllowed: true }) },
  ...webFeatures.flatMap((feature) => {
    const others = [forbid(`^@/features/(?!${feature}(/|$))`, layerMessage), noApp(layerMessage)];
    return [
      { files: [`apps/web/src/features/${feature}/*.{ts,tsx}`], rules: webRules([...others, forbid('^\\.\\./', climbMessage(`features/${feature}`))]) },
      { files: [`apps/web/src/features/${feature}/*/**/*.{ts,tsx}`], rules: webRules([...others, forbid('^(\\.\\./){2,}', climbMessage(`features/${feature}`))]) },
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
    files: ['load-tests/**/*.js', 'load-tests/k6-adapter/fixtures/*.mjs'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly', crypto: 'readonly' } },
  },
);

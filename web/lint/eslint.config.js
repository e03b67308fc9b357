// ESLint for the web app: `npm run lint` in web/ (part of `just test` and `just lint`).
//
// It lives in a package of its own (web/lint) because typescript-eslint needs TypeScript < 6.1
// to parse, while the app builds with TypeScript 7. Run from web/ with `-c lint/eslint.config.js`.
//
// - Import zones: a feature never imports another feature, and lib/ and components/ import no
//   feature (what two features share moves to components/ or lib/).
// - React hooks: the rules of hooks and exhaustive dependencies.
// - jsx-a11y's recommended rules, with the exceptions below.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const web = fileURLToPath(new URL('..', import.meta.url));
const features = readdirSync(`${web}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config({
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/lib/graphql/generated/**'],
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'error',
    ...jsxA11y.flatConfigs.recommended.rules,
    // Forms focus their first field when they open (keyboard-friendly forms): deliberate.
    'jsx-a11y/no-autofocus': 'off',
    // Scrolling regions (code, JSON, lists of files, the PDF) are focusable so that the keyboard can
    // scroll them, as axe's scrollable-region-focusable asks (web/e2e/a11y.ts checks it).
    'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre', 'ul'], roles: ['region', 'tabpanel'] }],
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: web,
        zones: [
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'A feature does not import another feature: move what they share to components/ or lib/.',
          })),
          {
            target: ['./src/lib', './src/components'],
            from: './src/features',
            message: 'lib/ and components/ import no feature.',
          },
        ],
      },
    ],
  },
});

// @ts-check
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver': { node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      // files and folders are kebab-case (conventions §3.2)
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // boundaries (conventions §3.3): features do not import each other; ui/api/auth never import features or shell
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['identity', 'dashboard', 'profile', 'content', 'terms', 'cases'].map((area) => ({
              target: `./${WEB}/features/${area}`,
              from: `./${WEB}/features`,
              except: [`./${area}`],
              message: 'A feature must not import another feature: move shared widgets to ui/ and data to api/.',
            })),
            { target: [`./${WEB}/ui`, `./${WEB}/api`, `./${WEB}/auth`], from: [`./${WEB}/features`, `./${WEB}/shell`] },
            { target: `./${WEB}`, from: './apps/server' },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: {
      // a module reaches another area only through its service.ts (conventions §3.3)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./(?!\.\.|platform/)[\w-]+/(routes|queries)(\.ts)?$`,
              message: "Use the other module's service.ts, never its routes or queries.",
            },
            {
              regex: '^(#modules/[\\w-]+/(routes|queries))',
              message: "Use the other module's service.ts, never its routes or queries.",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [{ target: `./${SERVER}`, from: './apps/web' }] }],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'The contract imports zod and nothing else.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import arc from './scripts/lint/area-boundaries.js';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

/**
 * One zod dialect: zod/mini (docs/decisions/contract.md). Classic zod's method chains are not tree-shakable and cost
 * every web route about 8 KB gzipped; `zod/v4/core` stays allowed for the types fastify-type-provider-zod works with.
 */
const ZOD_MINI_ONLY = {
  regex: '^zod(?!/mini$|/v4/core$)(/.*)?$',
  message:
    "Import zod as `import * as z from 'zod/mini'` (docs/decisions/contract.md): classic zod is not tree-shakable.",
};

/** The web app's import rules (every submit through api/use-submit.ts, zod/mini); the features' block adds to them. */
const WEB_IMPORTS = {
  paths: [
    {
      name: '@tanstack/react-query',
      importNames: ['useMutation'],
      message:
        'Submits use useSubmit (api/use-submit.ts): one request at a time (docs/decisions/web-forms-and-navigation.md).',
    },
  ],
  patterns: [ZOD_MINI_ONLY],
};

/** A staff list draws the one table; a key/value detail (not a list) may use Mantine's Table with a reason. */
const ONE_TABLE = {
  name: '@mantine/core',
  importNames: ['Table', 'TableScrollContainer', 'TableThead', 'TableTbody', 'TableTr', 'TableTd', 'TableTh'],
  message:
    'A staff list uses the one table, DataTable (ui/data-table.tsx; `server` for server-paged queues, state in ' +
    "ui/use-queue-state.ts). Only a key/value detail may use Mantine's Table: disable this line with the reason.",
};

/** A screen calls the server through its area's api/ file, never the staff client itself. */
const STAFF_CLIENT = {
  group: ['**/api/staff-client.ts', '**/api/staff-client'],
  importNames: ['staffFetch'],
  message:
    "A staff screen calls the server through its area's api/staff-<area>.ts (query options and calls, " +
    'like api/staff-cases.ts), not staffFetch directly.',
};

const RECURRING_WORK =
  "Recurring work is a scheduled job (app.jobs.schedule in the area's jobs.ts, platform/jobs.ts): run once across " +
  'the replicas, after a restart too, and shown on /staff/jobs. A timer of one process only with a reason in eslint.config.js.';

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
    plugins: { 'import-x': importX, 'check-file': checkFile, arc },
    // resolves `.ts` imports and the workspace packages, so the import rules see
    // every file (with the old `import-x/resolver: { node: true }` no-cycle never resolved a single import)
    settings: {
      // TypeScript files are parsed for their imports too; without these two only `.js` files count
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['packages/contract', 'apps/server', 'apps/web', 'e2e'].map((p) => `${p}/tsconfig.json`),
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      'no-restricted-imports': ['error', { patterns: [ZOD_MINI_ONLY] }],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@arc/**', group: 'external' }],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
      // server modules and web features talk through their public surface only (scripts/lint/area-boundaries.js)
      'arc/area-boundaries': 'error',
      // contract entries keep their names; routes files use `import * as contract` (docs/decisions/code-layout.md)
      'arc/contract-imports': 'error',
      // files and folders are kebab-case (docs/architecture.md)
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
      // text is rendered as text: HTML reaches the page only through ui/safe-html.tsx, which sanitises it
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="dangerouslySetInnerHTML"]',
          message: 'Render HTML only through <SafeHtml> (ui/safe-html.tsx), which sanitises it with DOMPurify.',
        },
        {
          selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Render HTML only through <SafeHtml> (ui/safe-html.tsx), which sanitises it with DOMPurify.',
        },
      ],
      // every submit runs once at a time through api/use-submit.ts (docs/decisions/web-forms-and-navigation.md)
      'no-restricted-imports': ['error', WEB_IMPORTS],
      // boundaries (docs/architecture.md): ui/api/auth never import features, the agents' shell or the back office's
      // frame (staff/); features do not import each other (arc/area-boundaries)
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`./${WEB}/ui`, `./${WEB}/api`, `./${WEB}/auth`],
              from: [`./${WEB}/features`, `./${WEB}/shell`, `./${WEB}/staff`],
            },
            { target: `./${WEB}`, from: './apps/server' },
          ],
        },
      ],
    },
  },
  {
    // the one place HTML is set, after DOMPurify
    files: [`${WEB}/ui/safe-html.tsx`],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // a screen calls the server through its area's query options and calls in api/ (as the agents' screens do),
    // never the staff client itself
    files: [`${WEB}/features/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { ...WEB_IMPORTS, patterns: [...WEB_IMPORTS.patterns, STAFF_CLIENT] }],
    },
  },
  {
    // every back-office list is the one table and its state the one queue hook (docs/architecture.md, DataTable);
    // after the features' block, which it extends (the last block naming a rule sets it)
    files: [`${WEB}/features/staff-*/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...WEB_IMPORTS.paths, ONE_TABLE], patterns: [...WEB_IMPORTS.patterns, STAFF_CLIENT] },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: `./${SERVER}`, from: './apps/web' }] }],
    },
  },
  {
    // One job mechanism (platform/jobs.ts): recurring work is a pg-boss schedule, run once across the replicas and
    // seen on /staff/jobs, never a timer each replica starts. Tests may poll.
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts', `${SERVER}/test/**`],
    rules: {
      'no-restricted-globals': ['error', { name: 'setInterval', message: RECURRING_WORK }],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'setInterval', message: RECURRING_WORK },
        { object: 'global', property: 'setInterval', message: RECURRING_WORK },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['timers', 'node:timers', 'timers/promises', 'node:timers/promises'].map((name) => ({
            name,
            importNames: ['setInterval'],
            message: RECURRING_WORK,
          })),
          patterns: [ZOD_MINI_ONLY],
        },
      ],
    },
  },
  {
    // The few timers that are no business work and belong to one process by nature, each allowed here with its
    // reason: the notification stream's heartbeat keeps one open connection alive (notifications/stream.ts); the
    // load figures sample this process (load-metrics.ts); the shutdown closes this server's idle connections as
    // they become idle (unavailable.ts).
    files: [
      `${SERVER}/modules/notifications/stream.ts`,
      `${SERVER}/platform/load-metrics.ts`,
      `${SERVER}/platform/unavailable.ts`,
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod/mini$|\\.)', message: 'The contract imports zod/mini and nothing else.' }] },
      ],
    },
  },
  {
    // type-aware rules on every TypeScript file that belongs to a tsconfig
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

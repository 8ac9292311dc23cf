// @ts-check
// `node --test scripts/lint/` (in `npm test`'s lint step): a timer that repeats work fails lint in the server, outside
// the job mechanism (eslint.config.js: recurring work is a pg-boss schedule, platform/jobs.ts), except in the few
// files allowed with their reason.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import config from '../../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = (file) => path.join(root, 'apps/server/src', file);
const TIMER_RULES = ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports'];
// the project's blocks that set these rules, on TypeScript's parser alone (no type information needed)
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...config
      .filter((block) => block.rules && TIMER_RULES.some((rule) => rule in block.rules))
      .map(({ files, ignores, rules }) => ({
        ...(files ? { files } : {}),
        ...(ignores ? { ignores } : {}),
        rules: Object.fromEntries(Object.entries(rules ?? {}).filter(([rule]) => TIMER_RULES.includes(rule))),
      })),
  ],
});
/** the rules that report `code` in `file` */
async function reported(file, code) {
  const [result] = await eslint.lintText(code, { filePath: server(file) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

test('a repeating timer in the server fails lint', async () => {
  assert.deepEqual(await reported('modules/audit/service.ts', 'setInterval(() => {}, 1000);\n'), [
    'no-restricted-globals',
  ]);
  assert.deepEqual(await reported('modules/soa/routes.ts', 'globalThis.setInterval(() => {}, 1000);\n'), [
    'no-restricted-properties',
  ]);
  assert.deepEqual(
    await reported('platform/purge.ts', "import { setInterval } from 'node:timers';\nsetInterval(() => {}, 1);\n"),
    ['no-restricted-imports'],
  );
  assert.deepEqual(
    await reported('identity/index.ts', "import { setInterval } from 'node:timers/promises';\nvoid setInterval;\n"),
    ['no-restricted-imports'],
  );
});

test('the allowed timers, tests and one-off timeouts pass', async () => {
  for (const file of ['modules/notifications/stream.ts', 'platform/load-metrics.ts', 'platform/unavailable.ts']) {
    assert.deepEqual(await reported(file, 'setInterval(() => {}, 1000);\n'), [], file);
  }
  assert.deepEqual(await reported('modules/audit/audit.test.ts', 'setInterval(() => {}, 1000);\n'), []);
  assert.deepEqual(await reported('test/mail.ts', 'setInterval(() => {}, 1000);\n'), []);
  assert.deepEqual(await reported('modules/audit/service.ts', 'setTimeout(() => {}, 1000);\n'), []);
});

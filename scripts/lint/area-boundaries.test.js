// @ts-check
// `node --test scripts/lint/` (in `npm test`'s lint step): the boundaries of area-boundaries.js say what they
// should, so a layer that starts importing the wrong way fails lint.
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import arc from './area-boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root); // the rule reads paths relative to the working directory, as eslint runs it
const rule = arc.rules['area-boundaries'];
const server = (file) => path.join(root, 'apps/server/src', file);
const web = (file) => path.join(root, 'apps/web/src', file);
const imports = (what, source) =>
  source === undefined ? `import x from '${what}';` : `import ${what} from '${source}';`;

test('server layers depend one way only', () => {
  new RuleTester().run('area-boundaries', rule, {
    valid: [
      { filename: server('modules/profile/service.ts'), code: imports('../audit/service.ts') },
      { filename: server('modules/account/service.ts'), code: imports('../../identity/throttle.ts') },
      { filename: server('identity/password-sign-in.ts'), code: imports('../platform/audit.ts') },
      { filename: server('app.ts'), code: imports('./modules/audit/service.ts') },
      { filename: server('server.ts'), code: imports('./seed/version.ts') },
      { filename: server('seed/supplies.ts'), code: imports('../modules/supplies/product-types.ts') },
      { filename: server('modules/supplies/supplies.test.ts'), code: imports('../../seed/factories.ts') },
      { filename: server('test/app.ts'), code: imports('#seed/factories.ts') },
    ],
    invalid: [
      {
        filename: server('modules/profile/service.ts'),
        code: imports('../audit/queries.ts'),
        errors: [{ messageId: 'moduleSurface' }],
      },
      {
        filename: server('identity/password-sign-in.ts'),
        code: imports('../modules/audit/service.ts'),
        errors: [{ messageId: 'identityModule' }],
      },
      {
        filename: server('identity/index.ts'),
        code: imports('#modules/audit/service.ts'),
        errors: [{ messageId: 'identityModule' }],
      },
      {
        filename: server('platform/route-access.ts'),
        code: imports('../identity/pages.ts'),
        errors: [{ messageId: 'platformIdentity' }],
      },
      {
        filename: server('db/client.ts'),
        code: imports('../modules/audit/service.ts'),
        errors: [{ messageId: 'platformBusiness' }],
      },
      {
        filename: server('modules/prospects/generator.ts'),
        code: imports('../../seed/names.ts'),
        errors: [{ messageId: 'productionSeed' }],
      },
      {
        filename: server('modules/supplies/import-landscape.ts'),
        code: `const seed = await import('#seed/supplies.ts');`,
        languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
        errors: [{ messageId: 'productionSeed' }],
      },
      {
        filename: server('app.ts'),
        code: imports('./seed/index.ts'),
        errors: [{ messageId: 'productionSeed' }],
      },
    ],
  });
});

test('web features never import each other', () => {
  new RuleTester().run('area-boundaries', rule, {
    valid: [{ filename: web('features/profile/profile-page.tsx'), code: imports('../../ui/data-table.tsx') }],
    invalid: [
      {
        filename: web('features/profile/profile-page.tsx'),
        code: imports('../contracts/contracts-page.tsx'),
        errors: [{ messageId: 'featureToFeature' }],
      },
    ],
  });
});

test('contract entries keep their names; routes files use the namespace', () => {
  const rule = arc.rules['contract-imports'];
  new RuleTester().run('contract-imports', rule, {
    valid: [
      { filename: server('modules/profile/routes.ts'), code: imports('* as contract', '@arc/contract') },
      { filename: server('identity/interaction-routes.ts'), code: imports('* as contract', '@arc/contract') },
      { filename: server('modules/profile/routes.ts'), code: imports('{ paths }', '@arc/contract/constants') },
      { filename: server('modules/profile/service.ts'), code: imports('{ MESSAGES }', '@arc/contract') },
      { filename: web('api/profile.ts'), code: imports('{ getCurrentAgent }', '@arc/contract') },
    ],
    invalid: [
      {
        filename: server('modules/profile/routes.ts'),
        code: imports('{ changePassword as changePasswordRoute }', '@arc/contract'),
        errors: [{ messageId: 'routesNamespace' }],
      },
      {
        filename: server('modules/terms/routes.ts'),
        code: imports('{ MESSAGES }', '@arc/contract'),
        errors: [{ messageId: 'routesNamespace' }],
      },
      {
        filename: server('modules/profile/service.ts'),
        code: imports('{ getAvatar as getAvatarRoute }', '@arc/contract'),
        errors: [{ messageId: 'renamed' }],
      },
      {
        filename: web('api/profile.ts'),
        code: imports('* as api', '@arc/contract'),
        errors: [{ messageId: 'namespaceName' }],
      },
    ],
  });
});

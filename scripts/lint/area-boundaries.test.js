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
/** an invalid case: `code` in `filename` is reported once, with `messageId` */
const fails = (filename, code, messageId) => ({ filename, code, errors: [{ messageId }] });
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
      { filename: server('test/app.ts'), code: imports('../seed/factories.ts') },
      // a command line and a test compose like app.ts
      { filename: server('identity/staff/cli/staff.ts'), code: imports('../../../modules/audit/service.ts') },
      { filename: server('identity/staff/staff-sign-in.test.ts'), code: imports('../../modules/audit/service.ts') },
      // the back office calls the agents' areas; a test may compose both
      { filename: server('modules/staff-enrollments/service.ts'), code: imports('../enrollments/service.ts') },
      { filename: server('modules/staff-orders/service.ts'), code: imports('../staff-agents/service.ts') },
      { filename: server('modules/enrollments/e.test.ts'), code: imports('../staff-enrollments/service.ts') },
    ],
    invalid: [
      fails(server('modules/profile/service.ts'), imports('../audit/queries.ts'), 'moduleSurface'),
      fails(server('identity/password-sign-in.ts'), imports('../modules/audit/service.ts'), 'identityModule'),
      fails(server('modules/enrollments/service.ts'), imports('../staff-enrollments/service.ts'), 'agentToStaff'),
      fails(server('identity/index.ts'), imports('../modules/audit/service.ts'), 'identityModule'),
      fails(server('platform/route-access.ts'), imports('../identity/pages.ts'), 'platformIdentity'),
      fails(server('db/client.ts'), imports('../modules/audit/service.ts'), 'platformBusiness'),
      fails(server('modules/prospects/generator.ts'), imports('../../seed/names.ts'), 'productionSeed'),
      {
        filename: server('modules/supplies/import-landscape.ts'),
        code: `const seed = await import('../../seed/supplies.ts');`,
        languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
        errors: [{ messageId: 'productionSeed' }],
      },
      fails(server('app.ts'), imports('./seed/index.ts'), 'productionSeed'),
    ],
  });
});

test('web features never import each other', () => {
  new RuleTester().run('area-boundaries', rule, {
    valid: [{ filename: web('features/profile/profile-page.tsx'), code: imports('../../ui/data-table.tsx') }],
    invalid: [
      fails(web('features/profile/profile-page.tsx'), imports('../contracts/contracts-page.tsx'), 'featureToFeature'),
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
      fails(
        server('modules/profile/routes.ts'),
        imports('{ changePassword as changePasswordRoute }', '@arc/contract'),
        'routesNamespace',
      ),
      fails(server('modules/terms/routes.ts'), imports('{ MESSAGES }', '@arc/contract'), 'routesNamespace'),
      fails(
        server('modules/profile/service.ts'),
        imports('{ getAvatar as getAvatarRoute }', '@arc/contract'),
        'renamed',
      ),
      fails(web('api/profile.ts'), imports('* as api', '@arc/contract'), 'namespaceName'),
    ],
  });
});

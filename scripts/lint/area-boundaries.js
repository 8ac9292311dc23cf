// @ts-check
// The area boundaries of docs/architecture.md, for every area present and future (no list to keep up):
// - server: a module reaches another module only through its service.ts; the back office's areas (staff-*) call
//   the agents' areas, never the other way (the area owning a thing owns its changes); the layers depend one way
//   only (docs/decisions/code-layout.md): modules/ may import identity/, identity/ imports no module (the audit log
//   reaches it through the port in platform/audit.ts), platform/ and db/ import neither; production code never
//   imports seed/ (only the entry point, server.ts, loads the demo seed; tests may use its factories);
// - web: a feature never imports another feature (shared widgets live in ui/, data in api/).
import path from 'node:path';

const SERVER_SRC = 'apps/server/src/';
const WEB_SRC = 'apps/web/src/';

/** The import's target as a path relative to the repository root, or undefined for packages (no import aliases). */
function resolveTarget(source, fromFile, cwd) {
  if (!source.startsWith('.')) return undefined;
  return path
    .relative(cwd, path.resolve(path.dirname(fromFile), source))
    .split(path.sep)
    .join('/');
}

const areaOf = (file, root, folder) => {
  const match = new RegExp(`^${root}${folder}/([^/]+)(?:/(.*))?$`).exec(file);
  return match ? { area: match[1], rest: match[2] ?? '' } : undefined;
};

/** A back-office area: its server module is named `staff-…`. */
const isStaffArea = (area) => area.startsWith('staff-');

/** @type {import('eslint').Rule.RuleModule} */
const areaBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas talk through their public surface only (docs/architecture.md)' },
    schema: [],
    messages: {
      moduleSurface:
        "Import another module only through its service.ts ('{{target}}'): never its routes, queries or helpers.",
      platformBusiness: "platform/ and db/ hold no business code: they must not import a module ('{{target}}').",
      platformIdentity: "platform/ and db/ sit below identity/: they must not import it ('{{target}}').",
      identityModule:
        "identity/ sits below the modules: it must not import one ('{{target}}'); take what it needs as an option from app.ts (docs/decisions/code-layout.md).",
      productionSeed:
        "Production code must not import the demo seed ('{{target}}'): move what it needs to its module or platform/ (docs/decisions/code-layout.md).",
      agentToStaff:
        "An agents' area must not import a back-office area ('{{target}}'): the back office calls the area that owns the data through its service.ts, not the other way.",
      featureToFeature:
        "A feature must not import another feature ('{{target}}'): move shared widgets to ui/ and data to api/.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    const isServer = file.startsWith(SERVER_SRC);
    const isWeb = file.startsWith(WEB_SRC);
    if (!isServer && !isWeb) return {};
    const ownModule = areaOf(file, SERVER_SRC, 'modules')?.area;
    const ownFeature = areaOf(file, WEB_SRC, 'features')?.area;
    // a command-line entry point (a cli/ folder) and a test compose like app.ts: they may hand a module's function
    // (the audit recorder) to the identity code they run
    const composes = /\/cli\/[^/]+\.ts$/.test(file) || /\.test\.ts$/.test(file);
    const isIdentity = file.startsWith(`${SERVER_SRC}identity/`) && !composes;
    const isPlatform = file.startsWith(`${SERVER_SRC}platform/`) || file.startsWith(`${SERVER_SRC}db/`);
    // may import seed/: the seed itself, the entry point that runs it in demo mode, and tests with their helpers
    const maySeed =
      file === `${SERVER_SRC}server.ts` ||
      /\.test\.ts$/.test(file) ||
      file.startsWith(`${SERVER_SRC}seed/`) ||
      file.startsWith(`${SERVER_SRC}test/`);

    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveTarget(source, context.filename, cwd);
      if (!target) return;
      if (isServer) {
        const data = { target: source };
        if (!maySeed && target.startsWith(`${SERVER_SRC}seed/`))
          context.report({ node, messageId: 'productionSeed', data });
        if (isPlatform && target.startsWith(`${SERVER_SRC}identity/`)) {
          context.report({ node, messageId: 'platformIdentity', data });
        }
        const module = areaOf(target, SERVER_SRC, 'modules');
        if (!module) return;
        if (isPlatform) context.report({ node, messageId: 'platformBusiness', data });
        else if (isIdentity) context.report({ node, messageId: 'identityModule', data });
        else if (ownModule && module.area !== ownModule && !/^service(\.ts)?$/.test(module.rest)) {
          context.report({ node, messageId: 'moduleSurface', data });
        } else if (ownModule && !composes && isStaffArea(module.area) && !isStaffArea(ownModule)) {
          context.report({ node, messageId: 'agentToStaff', data });
        }
      } else if (ownFeature) {
        const feature = areaOf(target, WEB_SRC, 'features');
        if (feature && feature.area !== ownFeature) {
          context.report({ node, messageId: 'featureToFeature', data: { target: source } });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const CONTRACT = /^@arc\/contract(\/|$)/;
const ROUTES_FILE = /(^|\/|-)routes\.ts$/;

/** @type {import('eslint').Rule.RuleModule} */
const contractImports = {
  meta: {
    type: 'suggestion',
    docs: {
      description:
        'Contract entries keep their names: routes files use the contract namespace (docs/decisions/code-layout.md)',
    },
    schema: [],
    messages: {
      routesNamespace:
        "A routes file imports the contract as a namespace, `import * as contract from '@arc/contract'`, and names entries `contract.{{name}}` (docs/decisions/code-layout.md).",
      namespaceName: "Name the contract's namespace `contract` (docs/decisions/code-layout.md).",
      renamed:
        "Do not rename a contract import ('{{name}} as {{local}}'): use `import * as contract from '@arc/contract'` and `contract.{{name}}` where a local name is taken (docs/decisions/code-layout.md).",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const isRoutesFile =
      (file.startsWith(`${SERVER_SRC}modules/`) || file.startsWith(`${SERVER_SRC}identity/`)) &&
      ROUTES_FILE.test(path.posix.basename(file));
    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !CONTRACT.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') {
            if (specifier.local.name !== 'contract') context.report({ node: specifier, messageId: 'namespaceName' });
            continue;
          }
          const name = specifier.type === 'ImportSpecifier' ? importedName(specifier) : 'default';
          if (isRoutesFile && node.source.value === '@arc/contract') {
            context.report({ node: specifier, messageId: 'routesNamespace', data: { name } });
          } else if (specifier.type === 'ImportSpecifier' && specifier.local.name !== name) {
            context.report({ node: specifier, messageId: 'renamed', data: { name, local: specifier.local.name } });
          }
        }
      },
    };
  },
};

/** The name an import specifier takes from the module (`a` in `{ a as b }`, also when spelled as a string). */
const importedName = (specifier) =>
  specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);

export default { rules: { 'area-boundaries': areaBoundaries, 'contract-imports': contractImports } };

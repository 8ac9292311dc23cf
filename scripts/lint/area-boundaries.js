// @ts-check
// The area boundaries of docs/architecture.md, for every area present and future (no list to keep up):
// - server: a module reaches another module only through its service.ts; the layers depend one way only
//   (decision 082): modules/ may import identity/, identity/ imports no module (the audit log reaches it through
//   the port in platform/audit.ts), platform/ and db/ import neither; production code never imports seed/
//   (only the entry point, server.ts, loads the demo seed; tests may use its factories);
// - web: a feature never imports another feature (shared widgets live in ui/, data in api/).
import fs from 'node:fs';
import path from 'node:path';

const SERVER_SRC = 'apps/server/src/';
const WEB_SRC = 'apps/web/src/';

/** The server's package.json "imports" (#platform/* …) as [prefix, folder] pairs. */
function serverAliases(cwd) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'apps/server/package.json'), 'utf8'));
    return Object.entries(manifest.imports ?? {}).map(([alias, target]) => [
      alias.replace(/\*$/, ''),
      path.posix.join('apps/server', String(target).replace(/\*$/, '')),
    ]);
  } catch {
    return [];
  }
}

/** The import's target as a path relative to the repository root, or undefined for packages. */
function resolveTarget(source, fromFile, cwd, aliases) {
  if (source.startsWith('.'))
    return path
      .relative(cwd, path.resolve(path.dirname(fromFile), source))
      .split(path.sep)
      .join('/');
  for (const [prefix, folder] of aliases) {
    if (source.startsWith(prefix)) return path.posix.join(folder, source.slice(prefix.length));
  }
  return undefined;
}

const areaOf = (file, root, folder) => {
  const match = new RegExp(`^${root}${folder}/([^/]+)(?:/(.*))?$`).exec(file);
  return match ? { area: match[1], rest: match[2] ?? '' } : undefined;
};

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
        "identity/ sits below the modules: it must not import one ('{{target}}'); take what it needs as an option from app.ts (decision 082).",
      productionSeed:
        "Production code must not import the demo seed ('{{target}}'): move what it needs to its module or platform/ (decision 082).",
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
    const aliases = isServer ? serverAliases(cwd) : [];
    const ownModule = areaOf(file, SERVER_SRC, 'modules')?.area;
    const ownFeature = areaOf(file, WEB_SRC, 'features')?.area;
    const isIdentity = file.startsWith(`${SERVER_SRC}identity/`);
    const isPlatform = file.startsWith(`${SERVER_SRC}platform/`) || file.startsWith(`${SERVER_SRC}db/`);
    // may import seed/: the seed itself, the entry point that runs it in demo mode, and tests with their helpers
    const maySeed =
      file === `${SERVER_SRC}server.ts` ||
      /\.test\.ts$/.test(file) ||
      file.startsWith(`${SERVER_SRC}seed/`) ||
      file.startsWith(`${SERVER_SRC}test/`);

    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveTarget(source, context.filename, cwd, aliases);
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

export default { rules: { 'area-boundaries': areaBoundaries } };

// Build-time plugins of the web app: the bundle budget (the build fails past it) and precompression of every
// text asset (brotli and gzip beside the file, served by @fastify/static's `preCompressed`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { chunkGraph } from './chunk-graph.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** what the server sends compressed: scripts, styles, HTML, SVG, JSON and text */
const TEXT_ASSET = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text asset of the build. Files are never
 * compressed at request time; a client that accepts neither gets the plain file.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'arc:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => TEXT_ASSET.test(file))
        .map((file) => path.join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const MANTINE_CLASSES = /[/\\]@mantine[/\\]core[/\\]esm[/\\](?:[^/\\]+[/\\])*([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's styles by component: every Mantine component imports its class names from `<Name>.module.mjs`
 * (under `components/`, or `utils/` for a part several share: InlineInput lays out the box and label of
 * Checkbox, Radio and Switch); this plugin makes that file import `@mantine/core/styles/<Name>.layer.css` too.
 * A screen's CSS is then exactly the styles of the Mantine components its JavaScript contains, in the chunk that
 * contains them, whatever the screen imports: no screen imports Mantine CSS by hand (main.tsx imports only the
 * base layers). plugins.test.ts checks that every class file of the installed Mantine gets its stylesheet.
 */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'arc:mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      const name = MANTINE_CLASSES.exec(id)?.[1];
      if (!name) return undefined;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}

const MANTINE_TABLE = /[/\\]@mantine[/\\]core[/\\]esm[/\\]components[/\\]Table[/\\]Table\.mjs$/;
const TABLE_PLUGIN = 'arc:mantine-table-without-scroll-container';
/** the file this patch was written against: @mantine/core's version and the sha256 of its Table.mjs */
export const PATCHED_TABLE = {
  version: '9.7.1',
  sha256: '92e6d77731dd41556ef4ebbbb1ae3a6f5288700a66162705266053cd8a1983e1',
};
const SCROLL_CONTAINER_IMPORT = 'import { TableScrollContainer } from "./TableScrollContainer.mjs";\n';
const SCROLL_CONTAINER_PROPERTY = 'Table.ScrollContainer = TableScrollContainer;\n';

/**
 * Mantine's Table without `Table.ScrollContainer` (docs/decisions/web-loading-and-budget.md): a static property of
 * `Table`, it made every screen with a table download ScrollArea (5 KB gzipped on 12 routes, two of them then over
 * budget: bench/README.md), though the DataTable scrolls in its own box. A screen that wants the scroll container
 * imports `TableScrollContainer` from '@mantine/core'; the build fails on `Table.ScrollContainer` in the app's code
 * (it would be undefined), and on any other @mantine/core or Table.mjs than the one patched (`PATCHED_TABLE`).
 */
export function mantineTableWithoutScrollContainer(): Plugin {
  return {
    name: TABLE_PLUGIN,
    enforce: 'pre',
    transform(code, id) {
      if (MANTINE_TABLE.test(id)) {
        const packageJson = path.resolve(path.dirname(id), '../../../package.json');
        const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };
        return { code: withoutScrollContainer(code, version), map: null };
      }
      if (!/[/\\]node_modules[/\\]/.test(id) && /\.tsx?$/.test(id) && code.includes('Table.ScrollContainer')) {
        this.error(
          `${id}: use TableScrollContainer from '@mantine/core' (Table.ScrollContainer is left out, docs/decisions/web-loading-and-budget.md)`,
        );
      }
      return undefined;
    },
  };
}

/**
 * Mantine's Table.mjs without the import and the static property of TableScrollContainer; throws unless `code` is
 * exactly the Table.mjs of the @mantine/core the patch was written against.
 */
export function withoutScrollContainer(code: string, version: string): string {
  const sha256 = createHash('sha256').update(code).digest('hex');
  if (version !== PATCHED_TABLE.version || sha256 !== PATCHED_TABLE.sha256) {
    throw new Error(
      `${TABLE_PLUGIN} (apps/web/build/plugins.ts) patches @mantine/core ${PATCHED_TABLE.version}'s ` +
        `esm/components/Table/Table.mjs; found @mantine/core ${version} with a Table.mjs of sha256 ${sha256}. Read the ` +
        'new Table.mjs: if it still sets Table.ScrollContainer, check that the two lines the plugin removes are the ' +
        'same and set PATCHED_TABLE to the new version and sha256; if it no longer does, remove the plugin. Then ' +
        "compare the build's route budgets with bench/README.md.",
    );
  }
  return code.replace(SCROLL_CONTAINER_IMPORT, '').replace(SCROLL_CONTAINER_PROPERTY, '');
}

export interface Budget {
  /** what the report calls it: a route or a flow */
  name: string;
  /**
   * source modules (relative to the app's root) whose chunks, with their static imports, the route downloads
   * until the network is idle: its screens, and a lazily loaded part only if its first view renders it (the
   * OIDC client /sign-in loads at once to redirect)
   */
  modules: string[];
  /** gzipped kilobytes (level 9, 1 KB = 1024 bytes) the JavaScript may weigh */
  maxKb: number;
  /** the page's entry when it is not the app's index.html (`sign-in.html`) */
  entry?: string;
}

export interface BudgetOptions {
  /** named flows: the sign-in redirect and form, a route that shows two screens */
  budgets: Budget[];
  /** every screen the router loads lazily from this folder is a route: the entry, `shell` and the screen */
  screens: {
    folder: string;
    shell: string;
    maxKb: number;
    /** screens measured in a named flow instead, or not measured (internal pages); a path ending in `/`: a folder */
    except: string[];
  };
  /**
   * routes and flows (by their name in the report) that weigh more than their budget today, each held at its
   * weight at the time (KB) so that it cannot grow; apps/web/README.md says why and what brings them under
   */
  heldAt: Record<string, number>;
  /** where the report goes (JSON), for the bench and the README */
  reportFile: string;
}

/**
 * The bundle budget (apps/web/README.md): for each route, what it downloads until the network is idle (issue 29's
 * definition) — the entry chunk, the route's chunks and their static imports, and a lazily loaded part its first
 * view renders (named in `modules`) — gzipped at level 9 as the bench measures them. A part that loads only on a
 * click (a `React.lazy` dialog, cropper or panel) is not downloaded until then and does not count. Any route over
 * its budget fails the build.
 */
export function bundleBudget(options: BudgetOptions): Plugin {
  let root = '';
  return {
    name: 'arc:bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // the files as written: Vite adds each chunk's list of what its dynamic imports preload
    // (`__vite__mapDeps`) after the other plugins' generateBundle, and the browser loads that too
    writeBundle(_output, bundle) {
      const report = measureBudgets(bundle, root, options);
      const over = report.filter((entry) => entry.kb > entry.maxKb);
      fs.mkdirSync(path.dirname(options.reportFile), { recursive: true });
      fs.writeFileSync(options.reportFile, `${JSON.stringify(report, null, 2)}\n`);
      const width = Math.max(...report.map((entry) => entry.name.length));
      const lines = report.map(
        (entry) =>
          `${entry.kb > entry.maxKb ? '✘' : '✔'} ${entry.name.padEnd(width)} ${entry.kb.toFixed(1).padStart(6)} KB` +
          ` of ${entry.maxKb} KB${entry.targetKb === entry.maxKb ? '' : ` (held; budget ${entry.targetKb} KB)`}`,
      );
      this.info(`JavaScript per route, gzipped:\n${lines.join('\n')}`);
      const unused = Object.keys(options.heldAt).filter((name) => !report.some((entry) => entry.name === name));
      if (unused.length > 0) this.error(`bundle budget: heldAt names no route: ${unused.join('; ')}`);
      // BUNDLE_BUDGET=warn reports without failing (to look at a build that is over budget)
      if (over.length > 0 && process.env.BUNDLE_BUDGET === 'warn') this.warn('bundle budget exceeded');
      else if (over.length > 0) {
        this.error(
          `bundle budget exceeded (apps/web/README.md): ${over.map((e) => `${e.name} ${e.kb.toFixed(1)} KB > ${e.maxKb} KB`).join('; ')}`,
        );
      }
    },
  };
}

interface BudgetResult {
  name: string;
  kb: number;
  /** the limit the build enforces: the budget, or the weight a route over it is held at */
  maxKb: number;
  /** the budget */
  targetKb: number;
  files: string[];
}

function measureBudgets(bundle: Rollup.OutputBundle, root: string, options: BudgetOptions): BudgetResult[] {
  const { chunks, byFile, entry, relative, chunkOf, closure } = chunkGraph(bundle, root, 'bundle budget');
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(byFile.get(file)!.code, { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const { folder, shell, maxKb, except } = options.screens;
  // a route's screen is what the router loads: a dynamic import of the entry; the entry's other dynamic imports
  // load on demand (the OIDC client, telemetry) and are named in the flows that load them at once; a screen's
  // own `React.lazy` parts load on a click (apps/web/README.md), so a screen is measured without them
  const routes = chunks
    .filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId)
    .map((chunk) => relative(chunk.facadeModuleId!))
    .filter((module) => module.startsWith(folder) && entry.dynamicImports.includes(chunkOf(module)))
    .filter((module) => !except.some((skip) => (skip.endsWith('/') ? module.startsWith(skip) : module === skip)))
    .sort();
  const measure = (name: string, modules: string[], targetKb: number, from?: string): BudgetResult => {
    const files = [...closure([from ? chunkOf(from) : entry.fileName, ...modules.map(chunkOf)])];
    const kb = Math.round((files.reduce((total, file) => total + sizeOf(file), 0) / 1024) * 10) / 10;
    return { name, kb, maxKb: options.heldAt[name] ?? targetKb, targetKb, files };
  };
  return [
    ...options.budgets.map((budget) => measure(budget.name, budget.modules, budget.maxKb, budget.entry)),
    ...routes.map((module) => measure(module.slice(folder.length), [shell, module], maxKb)),
  ];
}

/** the sign-in flow's two pages (the server's SIGN_IN_PAGE in apps/server/src/platform/web.ts) */
const SIGN_IN_PAGE = /^\/(?:sign-in|interaction\/[^/]+)\/?(?:\?|$)/;

/**
 * `npm run dev`: a page load of /sign-in or /interaction/:uid gets sign-in.html, as the server sends it in
 * production (docs/decisions/web-loading-and-budget.md); every other page gets index.html (Vite's own fallback).
 */
export function signInPageInDev(): Plugin {
  return {
    name: 'arc:sign-in-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && SIGN_IN_PAGE.test(req.url ?? '')) {
          req.url = '/sign-in.html';
        }
        next();
      });
    },
  };
}

/**
 * Shorter preload lists for the lazy parts (docs/decisions/web-loading-and-budget.md): Vite lists, with every dynamic
 * import, each chunk the imported part loads — in the entry, for every route — including the chunks the importing page
 * has already loaded: its own static imports, and, for an agent screen, the signed-in shell's, which the router loads
 * with the screen (and which the shell's own list names). This plugin reads the bundle before Vite writes those lists;
 * `resolveDependencies` (the build's `modulePreload` option) then leaves those chunks out. A chunk left out wrongly
 * is only fetched when imported, one round trip later; nothing breaks.
 */
export function shorterPreloadLists(options: {
  /** the signed-in shell's module (`src/shell/…`) */
  shell: string;
  /** the modules of the agent screens, which the router loads with the shell */
  agentScreens: string[];
}): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let graph: ReturnType<typeof chunkGraph> | undefined;
  let shellFiles = new Set<string>();
  let agentScreenFiles = new Set<string>();
  return {
    plugin: {
      name: 'arc:shorter-preload-lists',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          graph = chunkGraph(bundle, path.resolve(import.meta.dirname, '..'), 'preload lists');
          const g = graph;
          shellFiles = g.closure([g.chunkOf(options.shell)]);
          agentScreenFiles = new Set(options.agentScreens.map((module) => g.chunkOf(module)));
        },
      },
    },
    resolveDependencies: (file, deps, { hostId }) => {
      if (!graph) return deps;
      const loaded = graph.closure([hostId]);
      // an agent screen leaves the shell's chunks to the shell's own list, and so does a part an agent screen
      // loads (the screen only runs inside the shell, so the shell is loaded already); any other part keeps them
      const withShell = agentScreenFiles.has(file) || agentScreenFiles.has(hostId);
      return deps.filter((dep) => !loaded.has(dep) && !(withShell && shellFiles.has(dep)));
    },
  };
}

// What each route of the app loads, written beside the build for the server (docs/decisions/web-loading-and-budget.md):
// the server lists a route's chunks and stylesheets in the page it sends, so the browser fetches them with the entry
// instead of after it has run.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { chunkGraph } from './chunk-graph.ts';

/** The file the server reads (apps/server/src/platform/web.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface PreloadRoute {
  /** the route's path pattern, React Router's (`/training/videos/:category`) */
  path: string;
  /** true: an agent page, which needs the signed-in shell and is only preloaded for a signed-in browser */
  auth: boolean;
  /** the modules the route loads (paths from the web app's root: `src/features/…`) */
  modules: string[];
}

export interface RoutePreloadsOptions {
  routes: PreloadRoute[];
  /** the signed-in shell, which every agent route loads with its screen */
  shell: string;
}

/** One route as the server reads it: the files to preload beyond what index.html already loads. */
export interface RoutePreload {
  path: string;
  auth: boolean;
  js: string[];
  css: string[];
}

type ChunkWithCss = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The preload list of every route, from the bundle as written. */
export function routePreloadsOf(
  bundle: Rollup.OutputBundle,
  root: string,
  base: string,
  options: RoutePreloadsOptions,
): RoutePreload[] {
  const { byFile, entry, chunkOf, closure } = chunkGraph(bundle, root, 'route preloads');
  // index.html loads the entry and its static imports already
  const inHtml = closure([entry.fileName]);
  const cssOf = (files: Iterable<string>) =>
    new Set(
      [...files].flatMap((file) => [
        ...((byFile.get(file) as ChunkWithCss | undefined)?.viteMetadata?.importedCss ?? []),
      ]),
    );
  const htmlCss = cssOf(inHtml);

  return options.routes.map((route) => {
    const modules = route.auth ? [options.shell, ...route.modules] : route.modules;
    const files = [...closure(modules.map(chunkOf))].filter((file) => !inHtml.has(file));
    const css = [...cssOf(files)].filter((file) => !htmlCss.has(file));
    return {
      path: route.path,
      auth: route.auth,
      js: files.map((file) => `${base}${file}`),
      css: css.map((file) => `${base}${file}`),
    };
  });
}

/** Writes `route-preloads.json` beside index.html. */
export function routePreloads(options: RoutePreloadsOptions): Plugin {
  let root = '';
  let base = '/';
  let outDir = '';
  return {
    name: 'arc:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_output, bundle) {
      const routes = routePreloadsOf(bundle, root, base, options);
      fs.writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify({ routes }, null, 1)}\n`);
    },
  };
}

import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreloadsOf } from './route-preloads.ts';

const ROOT = '/app';
type Chunk = Omit<Partial<Rollup.OutputChunk>, 'viteMetadata'> & { viteMetadata?: { importedCss: Set<string> } };

/** A bundle as Vite hands it to writeBundle: chunks with their module, static imports and stylesheets. */
function bundleOf(chunks: Record<string, Chunk>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      { type: 'chunk', fileName, imports: [], isEntry: false, facadeModuleId: null, ...chunk },
    ]),
  ) as unknown as Rollup.OutputBundle;
}

const css = (...files: string[]) => ({ importedCss: new Set(files) });

const bundle = bundleOf({
  'assets/index.js': { isEntry: true, facadeModuleId: '/app/index.html', imports: ['assets/framework.js'] },
  'assets/framework.js': { viteMetadata: css('assets/base.css') },
  'assets/shell.js': {
    facadeModuleId: '/app/src/shell/signed-in-shell.tsx',
    imports: ['assets/framework.js', 'assets/widgets.js'],
    viteMetadata: css('assets/shell.css'),
  },
  'assets/widgets.js': { viteMetadata: css('assets/widgets.css', 'assets/base.css') },
  'assets/products.js': {
    facadeModuleId: '/app/src/features/supplies/products-page.tsx',
    imports: ['assets/widgets.js', 'assets/table.js'],
  },
  'assets/table.js': {},
  'assets/sign-in.js': { facadeModuleId: '/app/src/features/identity/sign-in-page.tsx' },
});

describe('routePreloadsOf', () => {
  const preloads = (routes: Array<{ path: string; auth: boolean; modules: string[] }>) =>
    routePreloadsOf(bundle, ROOT, '/', { shell: 'src/shell/signed-in-shell.tsx', routes });

  it("lists an agent route's shell, screen and their imports once, without what index.html loads", () => {
    expect(preloads([{ path: '/products', auth: true, modules: ['src/features/supplies/products-page.tsx'] }])).toEqual(
      [
        {
          path: '/products',
          auth: true,
          js: ['/assets/shell.js', '/assets/widgets.js', '/assets/products.js', '/assets/table.js'],
          css: ['/assets/shell.css', '/assets/widgets.css'],
        },
      ],
    );
  });

  it('lists a public route without the signed-in shell', () => {
    expect(preloads([{ path: '/sign-in', auth: false, modules: ['src/features/identity/sign-in-page.tsx'] }])).toEqual([
      { path: '/sign-in', auth: false, js: ['/assets/sign-in.js'], css: [] },
    ]);
  });

  it('fails the build for a route whose module has no chunk', () => {
    expect(() => preloads([{ path: '/x', auth: false, modules: ['src/features/x/x-page.tsx'] }])).toThrow(
      'route preloads: no chunk for src/features/x/x-page.tsx',
    );
  });
});

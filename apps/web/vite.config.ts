import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget, precompress } from './build/plugins.ts';

const API = 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // the budget of apps/web/README.md: the build fails when a route's gzipped JavaScript passes it
    bundleBudget({
      budgets: [
        // /sign-in until the redirect (the OIDC client loads as it starts), then the provider's sign-in form
        {
          name: 'sign-in flow (/sign-in → /interaction/:uid)',
          modules: [
            'src/features/identity/sign-in-page.tsx',
            'src/auth/oidc.ts',
            'src/features/identity/interaction-page.tsx',
          ],
          maxKb: 150,
        },
      ],
      // every other screen: the entry, the signed-in shell and the screen
      screens: {
        folder: 'src/features/',
        shell: 'src/shell/signed-in-shell.tsx',
        maxKb: 250,
        // counted in the sign-in flow above; /ui-kit is internal (10,000 sample rows, every widget at once)
        except: [
          'src/features/identity/sign-in-page.tsx',
          'src/features/identity/interaction-page.tsx',
          'src/features/ui-kit/ui-kit-page.tsx',
        ],
      },
      reportFile: path.join(import.meta.dirname, '../../.tmp/bundle-budget.json'),
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/arc': API,
      '/oidc': API,
      '/dev': API,
      '/identity': API,
      '^/interaction/[^/]+/(details|login|abort)': API,
    },
  },
});

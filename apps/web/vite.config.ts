import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  bundleBudget,
  mantineComponentStyles,
  mantineTableWithoutScrollContainer,
  precompress,
  shorterPreloadLists,
  signInPageInDev,
} from './build/plugins.ts';
import { routePreloads } from './build/route-preloads.ts';
import { APP_ROUTES, EXTRA_ROUTES, flattenRoutes } from './src/route-table.ts';

const API = 'http://localhost:8080';

/** the agent screens' modules, which the signed-in shell comes with */
const AGENT_SCREENS = [...flattenRoutes(APP_ROUTES), ...EXTRA_ROUTES]
  .flatMap((route) => [route.screen, route.section, ...(route.parts ?? [])])
  .filter((module) => module !== undefined)
  .map((module) => `src/features/${module}.tsx`);
const preloadLists = shorterPreloadLists({ shell: 'src/shell/signed-in-shell.tsx', agentScreens: AGENT_SCREENS });

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    preloadLists.plugin,
    // a page load of the sign-in flow gets sign-in.html in development too (docs/decisions/web-loading-and-budget.md)
    signInPageInDev(),
    // each Mantine component brings its own stylesheet (no whole @mantine/core/styles.css)
    mantineComponentStyles(),
    // Mantine's Table without Table.ScrollContainer and the ScrollArea it imports
    // (docs/decisions/web-loading-and-budget.md)
    mantineTableWithoutScrollContainer(),
    // the budget of apps/web/README.md: the build fails when a route's gzipped JavaScript passes it
    bundleBudget({
      budgets: [
        // the sign-in flow as a page load sees it (sign-in.html, docs/decisions/web-loading-and-budget.md): /sign-in
        // with the OIDC client that redirects, then the provider's sign-in form, both in the sign-in entry
        {
          name: 'sign-in flow (/sign-in → /interaction/:uid)',
          entry: 'sign-in.html',
          modules: ['src/auth/oidc.ts'],
          maxKb: 150,
        },
        // /sign-in reached inside the app (a link, the guard): the app's entry, the screen and the OIDC client
        {
          name: '/sign-in (inside the app)',
          modules: ['src/features/identity/sign-in-page.tsx', 'src/auth/oidc.ts'],
          maxKb: 250,
        },
        // the back office's home in its frame (staff/staff-layout.tsx), not the agents' shell
        {
          name: '/staff (back office)',
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            'src/features/staff-home/staff-home-page.tsx',
          ],
          maxKb: 250,
        },
        // "/": signed out, the welcome alone (the portal's landing page, no signed-in shell); signed in, the
        // dashboard's part too (route-table.ts `parts`)
        {
          name: '/ (welcome, signed out)',
          modules: ['src/features/dashboard/dashboard-page.tsx'],
          maxKb: 150,
        },
        {
          name: '/ (dashboard, signed in)',
          modules: [
            'src/shell/signed-in-shell.tsx',
            'src/features/dashboard/dashboard-page.tsx',
            'src/features/dashboard/agent-dashboard.tsx',
          ],
          maxKb: 250,
        },
        // the back office's agents (the list, then an agent's page) and imports, in the same frame
        {
          name: '/staff/agents',
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            'src/features/staff-agents/staff-agents-page.tsx',
          ],
          maxKb: 250,
        },
        {
          name: '/staff/agents/:npn',
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            'src/features/staff-agents/staff-agent-page.tsx',
          ],
          maxKb: 250,
        },
        {
          name: '/staff/imports',
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            'src/features/staff-imports/staff-imports-page.tsx',
          ],
          maxKb: 250,
        },
        // the enrollment queue: PDF.js and its worker come with the first PDF opened (a click), not here
        {
          name: '/staff/enrollments',
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            'src/features/staff-enrollments/staff-enrollments-page.tsx',
          ],
          maxKb: 250,
        },
        // the audit log and staff management in the same frame
        ...['staff-audit-page', 'staff-members-page', 'staff-soa-page'].map((name) => ({
          name: `/staff/${name.replace(/^staff-|-page$/g, '')}`,
          modules: [
            'src/staff/staff-routes.tsx',
            'src/staff/staff-layout.tsx',
            `src/features/${name.replace(/-page$/, '')}/${name}.tsx`,
          ],
          maxKb: 250,
        })),
        // the beneficiary's public SOA signing page (docs/decisions/soa-and-ready-to-sell.md): the app's entry and the
        // page, no signed-in shell
        {
          name: '/soa/sign/:token (public signing page)',
          modules: ['src/features/soa/soa-sign-page.tsx'],
          maxKb: 200,
        },
        // My Profile shows two screens at once (router.tsx): the profile and the contracts
        {
          name: '/profile (profile + contracts)',
          modules: [
            'src/shell/signed-in-shell.tsx',
            'src/features/profile/profile-page.tsx',
            'src/features/contracts/contracts-page.tsx',
          ],
          maxKb: 250,
        },
      ],
      // every other screen: the entry, the signed-in shell and the screen (its React.lazy parts load on a click)
      screens: {
        folder: 'src/features/',
        shell: 'src/shell/signed-in-shell.tsx',
        maxKb: 250,
        // counted in the sign-in flow above; /ui-kit is internal (10,000 sample rows, every widget at once)
        except: [
          'src/features/identity/sign-in-page.tsx',
          'src/features/identity/interaction-page.tsx',
          'src/features/ui-kit/ui-kit-page.tsx',
          'src/features/dashboard/dashboard-page.tsx',
          // measured above without the signed-in shell: the public signing page
          'src/features/soa/soa-sign-page.tsx',
          // the back office: measured on its own above, with its own frame
        ],
      },
      // a route over its budget is held here at its weight (KB) until brought under, so that it cannot grow: each screen
      // in the router's page map (the clients screen), the one table's server paging and the viewer's time zone in the
      // user info and the shell, then the router's entries of the enrollment's client and the new notification kinds
      // (apps/web/README.md, Budget)
      heldAt: {
        '/profile (profile + contracts)': 251.3,
        'supplies/products-page.tsx': 250.7,
        'content/myhealthplan-page.tsx': 250.2,
        'content/sunfire-page.tsx': 250.2,
      },
      reportFile: path.join(import.meta.dirname, '../../.tmp/bundle-budget.json'),
    }),
    // what each route loads, for the server to list in the page it sends (docs/decisions/web-loading-and-budget.md)
    routePreloads({
      shell: 'src/shell/signed-in-shell.tsx',
      routes: [
        ...[...flattenRoutes(APP_ROUTES), ...EXTRA_ROUTES].map((route) => ({
          path: route.path,
          auth: true,
          modules: [route.screen, route.section, ...(route.parts ?? [])]
            .filter((module) => module !== undefined)
            .map((module) => `src/features/${module}.tsx`),
        })),
        // the sign-in flow: the app's /sign-in, then the provider's form (router.tsx)
        // /sign-in loads the OIDC client at once to redirect: listed with the page (a page load of /sign-in is
        // sign-in.html, whose own entry Vite lists; this is /sign-in inside the app)
        { path: '/sign-in', auth: false, modules: ['src/features/identity/sign-in-page.tsx', 'src/auth/oidc.ts'] },
        // the beneficiary's SOA signing page (public)
        { path: '/soa/sign/:token', auth: false, modules: ['src/features/soa/soa-sign-page.tsx'] },
      ],
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // every browser the portal supports preloads modules itself: no polyfill in the entry
    modulePreload: {
      polyfill: false,
      // a lazy part's list leaves out what is loaded already (docs/decisions/web-loading-and-budget.md)
      resolveDependencies: preloadLists.resolveDependencies,
    },
    rolldownOptions: {
      // two pages: the app, and the sign-in flow's page loads (docs/decisions/web-loading-and-budget.md)
      input: {
        main: path.join(import.meta.dirname, 'index.html'),
        'sign-in': path.join(import.meta.dirname, 'sign-in.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            // what every page runs, in one file: one request and better compression than the ten small chunks
            // the default splitting made of it
            {
              name: 'mantine-core',
              test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](?:core|components[\\/](?:Box|Text|Title|Stack|Group|Loader|Paper|Center|Container|Button|UnstyledButton|Transition))[\\/]/,
            },
            {
              // the signed-in shell's widgets (app shell, side menu, breadcrumbs, avatar, the scroll lock the app
              // shell and dialogs share, and the small Mantine hooks): one file, not a dozen chunks of a few hundred
              // bytes each. The collapse hooks too: left out, they stayed in the agents' signed-in shell, which the
              // back office's pages then downloaded with any popover or dialog
              // (docs/decisions/web-loading-and-budget.md). Tooltip, Popover, Portal and FocusTrap too: every signed-in
              // page loads them with the shell, and once the back office's rich-text editor shared them, they became
              // four more files on every agent route (docs/decisions/terms.md)
              name: 'shell-widgets',
              // only these modules: what they import stays where the default splitting puts it
              includeDependenciesRecursively: false,
              test: /[\\/]node_modules[\\/](?:react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Tooltip|Popover|Portal|FocusTrap|AppShell|Avatar|Indicator|NavLink|Breadcrumbs|Burger|Divider|Collapse|Accordion[\\/]AccordionChevron|Checkbox[\\/]CheckIcon|Radio[\\/]RadioIcon)|@mantine[\\/]core[\\/]styles[\\/](?:AppShell|ScrollArea|Avatar|Indicator|NavLink|Breadcrumbs|Burger|Divider|Collapse)\.layer|@mantine[\\/]hooks[\\/]esm[\\/](?:use-window-event|use-long-press|use-click-outside|use-debounced-callback|use-merged-ref|utils[\\/]use-callback-ref|use-disclosure|use-collapse))(?:[\\/.])/,
            },
            // the dialog and the message dialog stay one file, as before the back office's ConfirmDialog shared the
            // dialog alone (the split added a file to every agent route with a dialog)
            {
              name: 'message-dialog',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]ui[\\/](?:message-)?dialog\.tsx/,
            },
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:query-core|react-query))[\\/]/,
            },
            // the app's router, apart: the sign-in entry has none
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
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

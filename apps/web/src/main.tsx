// Mantine's base layers only: each component's styles come with the component (mantineComponentStyles in
// build/plugins.ts), so a screen loads the CSS of the components it shows and no more
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { restoreSession } from './auth/session.ts';
import { paths } from './paths.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// Client errors are recorded; the telemetry client (and the contract's schemas) load only when one happens.
const report = (data: Record<string, unknown>) =>
  void import('./api/telemetry.ts').then(({ track }) => track('client_error', data)).catch(() => undefined);
window.addEventListener('error', (event) => report({ message: String(event.message), source: event.filename }));
window.addEventListener('unhandledrejection', (event) => report({ message: String(event.reason) }));

// The sign-in callback completes the session itself; everywhere else a stored session is restored.
if (window.location.pathname !== paths.loginCallback) void restoreSession();

// A transition: React renders the first screen in slices and yields between them, so a slow phone's main
// thread is never blocked for the whole first render (what Lighthouse counts as blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createRouter()} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);

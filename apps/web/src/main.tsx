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
import { hasStoredSession, restoreSession } from './auth/session.ts';
import { businessTimeZone } from './config.ts';
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

// The start-up runs as a few short tasks rather than one long one: the browser may paint and take input between
// them, and a slow phone's main thread is never blocked for long (what Lighthouse counts as blocking time).
// The router goes first: it asks for the screen's chunks (decision 052), then the root, then the first render.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void start();

async function start() {
  await nextTask();
  const router = createRouter();
  // The browser's date and time zone data load with the first date format made, 40–100 ms of a slow phone's CPU
  // that most agent screens need: made here, while the screen's chunks download, rather than in its first render.
  await nextTask();
  if (hasStoredSession()) {
    businessTimeZone();
  }
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  // A transition: React renders the first screen in slices and yields between them (decision 055).
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

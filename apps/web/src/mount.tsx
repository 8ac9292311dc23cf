// Mantine's base layers only: each component's styles come with the component (mantineComponentStyles in
// build/plugins.ts), so a screen loads the CSS of the components it shows and no more
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// Client errors are recorded; the telemetry client (and the contract's schemas) load only when one happens.
const report = (data: Record<string, unknown>) =>
  void import('./api/telemetry.ts').then(({ track }) => track('client_error', data)).catch(() => undefined);

/** The next task: the start-up runs as a few short tasks, so a slow phone's main thread is never blocked long. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts a page of the web app, the same way for both entries (index.html's main.tsx, sign-in.html's
 * sign-in-main.tsx): records client errors, then renders the page inside Mantine and TanStack Query, in a
 * transition so that React renders the first screen in slices and yields between them
 * (docs/decisions/web-loading-and-budget.md).
 */
export async function mount(page: ReactNode): Promise<void> {
  window.addEventListener('error', (event) => report({ message: String(event.message), source: event.filename }));
  window.addEventListener('unhandledrejection', (event) => report({ message: String(event.reason) }));
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

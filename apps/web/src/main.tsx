import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { track } from './api/telemetry.ts';
import { restoreSession } from './auth/session.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

window.addEventListener('error', (event) => track('client_error', { message: String(event.message), source: event.filename }));
window.addEventListener('unhandledrejection', (event) => track('client_error', { message: String(event.reason) }));

// The sign-in callback completes the session itself; everywhere else a stored session is restored.
if (window.location.pathname !== '/login/callback') void restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

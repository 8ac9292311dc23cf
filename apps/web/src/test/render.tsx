import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '../theme.ts';

export interface RenderOptions {
  /** the route pattern of the element, e.g. /register/:token */
  path?: string;
  /** the URL to start at (defaults to `path`) */
  initialPath?: string;
  /** extra routes beside the element's own, e.g. a redirect target */
  routes?: RouteObject[];
  /** the element's route handle (title, name, security key…) */
  handle?: unknown;
}

/** Renders inside Mantine (test env), a fresh QueryClient and a memory router. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path, element: ui, handle: options.handle }, ...(options.routes ?? [])], {
    initialEntries: [options.initialPath ?? path],
  });
  return {
    client,
    router,
    ...render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

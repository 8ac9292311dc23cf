import { RouterProvider } from 'react-router';
import { hasStoredSession, restoreSession } from './auth/session.ts';
import { businessTimeZone } from './config.ts';
import { mount, nextTask } from './mount.tsx';
import { paths } from './paths.ts';
import { createRouter } from './router.tsx';

// The app (index.html): every page but the sign-in form's two (sign-in.html, sign-in-main.tsx).

// The sign-in callback completes the session itself; everywhere else a stored session is restored.
if (window.location.pathname !== paths.loginCallback) void restoreSession();

// The start-up runs as a few short tasks rather than one long one (what Lighthouse counts as blocking time).
// The router goes first: it asks for the screen's chunks (docs/decisions/web-loading-and-budget.md), then the root,
// then the first render.
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
  await mount(<RouterProvider router={router} />);
}

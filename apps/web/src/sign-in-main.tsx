import { restoreSession } from './auth/session.ts';
import { PROVIDER_NAME } from './config.ts';
import InteractionPage from './features/identity/interaction-page.tsx';
import SignInPage from './features/identity/sign-in-page.tsx';
import { mount } from './mount.tsx';
import { LoginLayout } from './shell/login-layout.tsx';

/**
 * sign-in.html (docs/decisions/web-loading-and-budget.md): the sign-in flow's two pages as a page load sees them —
 * `/sign-in`, which starts the redirect to the provider, and `/interaction/:uid`, the provider's sign-in form — without
 * the router and the signed-in app. Both are in this one small entry, so the form is at hand when the provider sends
 * the browser back; every link out of them is a page load into the app (index.html). Inside the app, `/sign-in` is also
 * a route (the same screen), for the links and redirects that reach it without a page load.
 */
const interaction = /^\/interaction\/([^/]+)\/?$/.exec(window.location.pathname);

document.title = `Sign in · ${PROVIDER_NAME}`;
void restoreSession();
void mount(
  <LoginLayout>
    {interaction ? <InteractionPage uid={decodeURIComponent(interaction[1]!)} /> : <SignInPage />}
  </LoginLayout>,
);

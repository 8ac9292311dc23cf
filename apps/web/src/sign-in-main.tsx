import { isDeviceLocked } from './auth/device-lock-flag.ts';
import { restoreSession, takeReturnTo } from './auth/session.ts';
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
// a device handed to a beneficiary (auth/device-lock.ts): not the sign-in redirect, but the app's lock screen (on
// the page the agent handed over from), whose button starts the sign-in that asks for the password
if (!interaction && isDeviceLocked()) window.location.replace(takeReturnTo());
else start();

function start() {
  document.title = `Sign in · ${PROVIDER_NAME}`;
  void restoreSession();
  void mount(
    <LoginLayout>
      {interaction ? <InteractionPage uid={decodeURIComponent(interaction[1]!)} /> : <SignInPage />}
    </LoginLayout>,
  );
}

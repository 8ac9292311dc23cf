import { paths } from '@arc/contract/constants';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../platform/html.ts';

/** Served by the identity plugin; submits the logout form so the user is not asked twice. */
export const LOGOUT_SCRIPT_PATH = '/identity/logout.js';
export const LOGOUT_SCRIPT = `document.querySelector('button[name="logout"]')?.click();\n`;

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1a1b1e;margin:0}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 1rem}p{line-height:1.5}a{color:#1864ab}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}`;

/** A small page with no script of its own and no outside resource (the CSP allows inline styles only). */
export function page(title: string, body: string, options: { script?: string } = {}): string {
  const script = options.script ? `<script src="${escapeHtml(options.script)}" defer></script>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${script}
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export interface PageOptions {
  publicUrl: string;
  productName: string;
}

/**
 * Whether the browser says the request came from our own origin: `Sec-Fetch-Site: same-origin`, or, from a
 * browser that sends no fetch metadata, a Referer of our origin. Anything else (another site, a typed URL, a
 * stripped Referer) is not.
 */
export function isFromOwnSite(ctx: Pick<KoaContextWithOIDC, 'get'>, publicOrigin: string): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const referer = ctx.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === publicOrigin;
  } catch {
    return false;
  }
}

export function createProviderPages({ publicUrl, productName }: PageOptions) {
  const publicOrigin = new URL(publicUrl).origin;
  const signInLink = `<p><a href="${escapeHtml(`${publicUrl}${paths.signIn}`)}">Back to sign in</a></p>`;
  return {
    /**
     * `form` is the provider's own form (with its XSRF field); the button sends logout=yes, ending the session.
     * Only when the web app itself opened this page (the agent's one click on Log Out) does the script press the
     * button; a page another site opens waits for the agent's own click, so no site can log the agent out.
     */
    logoutSource(ctx: KoaContextWithOIDC, form: string): void {
      ctx.type = 'html';
      ctx.body = page(
        'Log out',
        `<p>Log out of ${escapeHtml(productName)}?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Log Out</button>`,
        isFromOwnSite(ctx, publicOrigin) ? { script: LOGOUT_SCRIPT_PATH } : {},
      );
    },
    postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
      ctx.type = 'html';
      ctx.body = page(
        'You are logged out',
        `<p>You have been logged out of ${escapeHtml(productName)}.</p>${signInLink}`,
      );
    },
    renderError(ctx: KoaContextWithOIDC, out: ErrorOut): void {
      ctx.type = 'html';
      const description = out.error_description ? `<p>${escapeHtml(out.error_description)}</p>` : '';
      ctx.body = page(
        'Sign-in problem',
        `<p>The sign-in request could not be completed (<code>${escapeHtml(out.error)}</code>).</p>${description}${signInLink}`,
      );
    },
  };
}

import type { ComponentChildren } from 'preact';
import { portalUrl } from '../../../shared/urls.js';

/**
 * Shown until the page's script finds what it needs in this tab (a wallet session or a developer
 * token, kept in sessionStorage by the portal scripts); without JavaScript it simply stays.
 */
export function NeedsNotice({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <div class="notice" id={id}>
      {children}
    </div>
  );
}

export function SignInFirst() {
  return (
    <NeedsNotice id="needs-session">
      <p>
        This page works with your wallet session. <a href={portalUrl('/portal/sign-in')}>Sign in with your wallet</a> first (in this browser tab).
      </p>
    </NeedsNotice>
  );
}

export function ScriptNeeded({ api }: { api: string }) {
  return (
    <noscript>
      <p class="notice">
        This page needs JavaScript to talk to the API from your browser. Without it, use the API directly: <code>{api}</code>.
      </p>
    </noscript>
  );
}

/** A polite live region for what a script reports (status changes, errors). */
export function Status({ id }: { id: string }) {
  return <div id={id} class="portal-status" role="status" aria-live="polite"></div>;
}

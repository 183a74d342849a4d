import type { ComponentChildren } from 'preact';
import { portalUrl } from '../../../shared/urls.js';

/**
 * Shown until the page's script finds what it needs (the portal's sign-in cookie, or a developer
 * token pasted on the page); without JavaScript it simply stays.
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
        This page works with your wallet session. <a href={portalUrl('/portal/sign-in')}>Sign in with your wallet</a> first; the portal keeps you signed in across tabs and reloads.
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

export type PortalPage = 'home' | 'sign-in' | 'tokens' | 'submit' | 'submissions';

const LINKS: [PortalPage, string, string][] = [
  ['home', '/portal', 'Start'],
  ['sign-in', '/portal/sign-in', 'Sign in'],
  ['tokens', '/portal/tokens', 'Developer tokens'],
  ['submit', '/portal/submit', 'Certify a skill'],
  ['submissions', '/portal/submissions', 'Your submissions'],
];

/** The portal's own steps, in the order a developer takes them. */
export function PortalNav({ current }: { current: PortalPage }) {
  return (
    <nav aria-label="Developer portal" class="portal-nav">
      <ul>
        {LINKS.map(([key, path, text]) => (
          <li>
            <a href={portalUrl(path)} aria-current={key === current ? 'page' : undefined}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A time the server writes: readable UTC without script; portal-common.js shows it in the reader's local time (ISO kept in datetime and title). */
export function LocalTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso} data-local="">
      {`${iso.slice(0, 16).replace('T', ' ')} UTC`}
    </time>
  );
}

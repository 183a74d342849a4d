import type { ComponentChildren } from 'preact';
import { portalUrl, siteUrl } from '../../shared/urls.js';

export type Section = 'site' | 'portal' | 'console';

interface LayoutProps {
  title: string;
  section?: Section;
  /** Page scripts under /assets (no inline script: see PAGE_CSP). */
  scripts?: string[];
  children: ComponentChildren;
}

/** The one page shell: skip link, landmarks, one stylesheet, the section's navigation. */
export function Layout({ title, section = 'site', scripts = [], children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · cert`}</title>
        <link rel="icon" type="image/svg+xml" href="/assets/favicon.svg" />
        <link rel="stylesheet" href="/assets/site.css" />
        {scripts.map((s) => (
          <script src={`/assets/${s}`} defer />
        ))}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href={siteUrl('/')}>
            cert
          </a>
          <nav aria-label="Main">
            <ul>
              <li>
                <a href={siteUrl('/certificates')} aria-current={section === 'site' ? 'page' : undefined}>
                  Certificates
                </a>
              </li>
              <li>
                <a href={portalUrl('/portal')} aria-current={section === 'portal' ? 'page' : undefined}>
                  Developer portal
                </a>
              </li>
              <li>
                <a href={siteUrl('/skill.md')}>Agent skill file</a>
              </li>
              <li>
                <a href={siteUrl('/.well-known/skill-store')}>Discovery</a>
              </li>
              {section === 'console' ? (
                <li>
                  <a href="/console" aria-current="page">
                    Console
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer class="bottom">
          <p>
            cert certifies AI skills and their packages. Every certificate here can be checked with the public API:{' '}
            <a href={siteUrl('/api/v1/public/openapi.json')}>OpenAPI</a>.
          </p>
        </footer>
      </body>
    </html>
  );
}

import type { ComponentChildren } from 'preact';
import { Layout } from '../layout.js';
import type { ConsoleSession } from '../../../shared/operators/accounts.js';

/** What a page needs of the signed-in operator: the name to show and the form token. */
export interface Who {
  name: string;
  csrf: string;
}
export const whoOf = (s: ConsoleSession): Who => ({ name: s.operator.name, csrf: s.csrfToken });

const NAV: [string, string][] = [
  ['/console', 'Overview'],
  ['/console/escalations', 'Escalations'],
  ['/console/flags', 'Flags'],
  ['/console/disputes', 'Disputes'],
  ['/console/packages', 'Packages'],
  ['/console/certificates', 'Certificates'],
  ['/console/audit', 'Audit log'],
  ['/console/queues', 'Queues'],
];

export const Csrf = ({ who }: { who: Who }) => <input type="hidden" name="_csrf" value={who.csrf} />;

/** The console shell: the site layout plus the console's own navigation and the sign-out form. */
export function ConsolePage({ title, who, current, notice, children }: { title: string; who: Who; current: string; notice?: string | null; children: ComponentChildren }) {
  return (
    <Layout title={`${title} · console`} section="console">
      <nav class="console-nav" aria-label="Console">
        <ul>
          {NAV.map(([href, label]) => (
            <li>
              <a href={href} aria-current={href === current ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <form method="post" action="/console/logout" class="inline console-signout">
          <Csrf who={who} />
          <span class="muted">Signed in as {who.name}</span> <button class="secondary">Sign out</button>
        </form>
      </nav>
      <h1>{title}</h1>
      <div role="status" aria-live="polite">
        {notice ? <p class="notice ok">{notice}</p> : null}
      </div>
      {children}
    </Layout>
  );
}

/** A required reason (written to the audit log with the operator's name). */
export function ReasonField({ id, label = 'Reason (goes to the audit log)' }: { id: string; label?: string }) {
  return (
    <p>
      <label for={id}>{label}</label>
      <input type="text" id={id} name="reason" required maxLength={1000} autocomplete="off" />
    </p>
  );
}

export function LoginPage({ csrf, next, error, name }: { csrf: string; next: string; error?: string; name?: string }) {
  return (
    <Layout title="Operator sign-in" section="console">
      <h1>Operator sign-in</h1>
      <p>The console is for operators only. Accounts are issued with <code>npm run cert -- operator create --name NAME</code>, which prints the secret once.</p>
      <div role="alert">{error ? <p class="notice bad">{error}</p> : null}</div>
      <form method="post" action="/console/login" class="panel console-panel">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="next" value={next} />
        <p>
          <label for="name">Operator name</label>
          <input type="text" id="name" name="name" required maxLength={64} autocomplete="username" value={name ?? ''} />
        </p>
        <p>
          <label for="secret">Secret</label>
          <input type="password" id="secret" name="secret" required maxLength={200} autocomplete="current-password" />
        </p>
        <button>Sign in</button>
      </form>
    </Layout>
  );
}

export const Time = ({ at }: { at: Date | string | null | undefined }) => {
  if (!at) return <span class="muted">—</span>;
  const iso = typeof at === 'string' ? at : at.toISOString();
  return <time datetime={iso}>{iso.replace('T', ' ').slice(0, 19)} UTC</time>;
};

const LEVEL_CLASS: Record<string, string> = { APPROVE: 'ok', APPROVED: 'ok', CLEAR: 'ok', LOW: 'ok', REJECT: 'bad', REJECTED: 'bad', BLOCKED: 'bad', HIGH: 'bad', SUSPENDED: 'bad', CAUTION: 'warn', MEDIUM: 'warn', ESCALATED: 'warn', MONITORED: 'info' };
export const Badge = ({ value }: { value: string | null | undefined }) => <span class={`badge ${LEVEL_CLASS[value ?? ''] ?? 'info'}`}>{value ?? 'unknown'}</span>;

export interface AuditRow {
  createdAt: Date;
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  details: unknown;
}

export function AuditTable({ rows, caption }: { rows: AuditRow[]; caption: string }) {
  if (!rows.length) return <p class="muted">No operator actions yet.</p>;
  return (
    <table>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Operator</th>
          <th scope="col">Action</th>
          <th scope="col">Target</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>
              <Time at={r.createdAt} />
            </td>
            <td>{r.operator}</td>
            <td>
              <code>{r.action}</code>
            </td>
            <td>
              {r.targetType} <code>{r.targetId}</code>
            </td>
            <td>
              <Details details={r.details} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An audit entry's details: text values as written (a reason reads as typed), the rest as JSON. */
function Details({ details }: { details: unknown }) {
  const entries = details && typeof details === 'object' ? Object.entries(details as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined) : [];
  if (!entries.length) return <span class="muted">—</span>;
  return (
    <ul class="console-details">
      {entries.map(([k, v]) => (
        <li>
          {k}: {typeof v === 'string' ? v : <code>{JSON.stringify(v)}</code>}
        </li>
      ))}
    </ul>
  );
}

/** One form, one button per decision (the pressed button's value is the decision), with the reason. */
export function DecisionForm({ action, who, idPrefix, choices }: { action: string; who: Who; idPrefix: string; choices: [string, string][] }) {
  return (
    <form method="post" action={action}>
      <Csrf who={who} />
      <ReasonField id={`${idPrefix}-reason`} />
      {choices.map(([value, label], i) => (
        <>
          {i ? ' ' : null}
          <button name="decision" value={value} class={i ? 'secondary' : undefined}>
            {label}
          </button>
        </>
      ))}
    </form>
  );
}

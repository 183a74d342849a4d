import type { ComponentChildren } from 'preact';
import { siteUrl } from '../../../shared/urls.js';

/** Small pieces the site's pages share: status and level badges, dates, wallet links. */

const STATUS_TONE: Record<string, string> = { APPROVED: 'ok', SUSPENDED: 'bad', DEPRECATED: 'info' };

/** A certificate's status as a badge; `valid` decides the colour (an APPROVED one with an open flag is not ok). */
export function StatusBadge({ status, valid }: { status: string; valid?: boolean }) {
  const tone = valid === false && status === 'APPROVED' ? 'warn' : (STATUS_TONE[status] ?? 'info');
  return <span class={`badge ${tone}`}>{status}</span>;
}

const LEVEL_TONE: Record<string, string> = { CLEAR: 'ok', INFO: 'info', LOW: 'info', MONITORED: 'info', MEDIUM: 'warn', HIGH: 'bad', CRITICAL: 'bad', BLOCKED: 'bad' };

/** A security or risk level (CLEAR…CRITICAL, BLOCKED) as a badge. */
export function LevelBadge({ level }: { level: string | null | undefined }) {
  if (!level) return <span class="badge info">unknown</span>;
  return <span class={`badge ${LEVEL_TONE[level] ?? 'info'}`}>{level}</span>;
}

export function YesNo({ value, yes = 'yes', no = 'no' }: { value: boolean; yes?: string; no?: string }) {
  return <span class={`badge ${value ? 'ok' : 'bad'}`}>{value ? yes : no}</span>;
}

/** An ISO time as a <time> element, shown in UTC to the minute (the same for every reader). */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span class="muted">never</span>;
  return <time dateTime={iso}>{iso.slice(0, 16).replace('T', ' ')} UTC</time>;
}

export const certificateHref = (skillId: string) => siteUrl(`/certificates/${encodeURIComponent(skillId)}`);
export const agentHref = (wallet: string) => siteUrl(`/agents/${encodeURIComponent(wallet)}`);
export const validatorHref = (wallet: string) => siteUrl(`/validators/${encodeURIComponent(wallet)}`);
/** Scoped npm names keep their slash (the route reads the version from the right). */
export const packageHref = (registry: string, name: string, version: string) =>
  siteUrl(`/packages/${encodeURIComponent(registry)}/${name.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(version)}`);

/**
 * The owner of a certificate by its wallet when it has one: an agent's wallet links to its agent page
 * (which lists `wallet:` owners); a portal developer's wallet is shown with its account key as a
 * title (the signed payload names the account). Other owners are shown as they are.
 */
export function Owner({ owner, wallet }: { owner: string; wallet?: string | null }) {
  if (owner.startsWith('wallet:') && wallet) return <a href={agentHref(wallet)} class="mono">{wallet}</a>;
  if (wallet) return <span class="mono" title={`account ${owner}`}>{wallet}</span>;
  return <span class="mono">{owner}</span>;
}

/** A list of strings, or a muted "none". */
export function List({ items, empty = 'none', mono = true }: { items: string[]; empty?: string; mono?: boolean }) {
  if (items.length === 0) return <span class="muted">{empty}</span>;
  return (
    <ul class="plain">
      {items.map((i) => (
        <li class={mono ? 'mono' : undefined}>{i}</li>
      ))}
    </ul>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The certificate list of the start, search and agent pages. */
export function CertificateList({ items }: { items: { id: string; skillName: string; description: string | null; skillVersion: string; status: string; valid: boolean; certificateIssuedAt: string }[] }) {
  return (
    <ul class="results">
      {items.map((c) => (
        <li>
          <p>
            <a href={certificateHref(c.id)} class="result-name">
              {c.skillName}
            </a>{' '}
            <span class="muted">v{c.skillVersion}</span> <StatusBadge status={c.status} valid={c.valid} />{' '}
            {c.valid ? <span class="badge ok">valid</span> : <span class="badge bad">not valid</span>}
          </p>
          {c.description ? <p>{c.description}</p> : null}
          <p class="muted">
            Issued <When iso={c.certificateIssuedAt} />
          </p>
        </li>
      ))}
    </ul>
  );
}

import { ApiError } from '../../../shared/errors.js';
import { loadCertificate, verifyViewStable, sourceIntegrityView, liveStatusView, signedVotes } from '../../../shared/certificates/views.js';
import { flagSummary } from '../../../shared/certificates/flag-summary.js';
import { localCheckCommands, LOCAL_CHECK_FILE } from '../../../shared/certificates/integrity-check.js';
import { badgeSnippets, certificateBadge } from '../../../shared/certificates/badge.js';
import { countRead } from '../../../shared/certificates/counters.js';
import { loadPackageRead, type PackageRead } from '../../../shared/packages/views.js';
import type { certificatePackages } from '../../../shared/packages/pipeline.js';
import { fixFor } from '../../../shared/sandbox/rule-fix.js';
import type { RegistrySource } from '../../../shared/packages/types.js';
import type { CertificateManifest } from '../../../shared/certificates/canonical-form.js';
import { siteUrl } from '../../../shared/urls.js';
import { walletOfOwner } from '../../../shared/developers/tokens.js';
import { Layout } from '../layout.js';
import { LevelBadge, List, Owner, Section, StatusBadge, When, YesNo, certificateHref, packageHref, validatorHref } from './parts.js';

type PackageItem = Awaited<ReturnType<typeof certificatePackages>>['direct'][number];

/**
 * Everything the certificate page shows, read through the same views as the public JSON (verify,
 * live status, source integrity, flags, package certificates); the template only lays it out.
 */
export async function certificatePageData(skillId: string) {
  const loaded = await loadCertificate(skillId);
  countRead(loaded.cert.id, 'views');
  const verify = verifyViewStable(loaded);
  const packages = loaded.payload.packages as { direct: PackageItem[]; transitive: PackageItem[]; uncertified: PackageItem[] } | undefined;
  const [flags, votes, directReads, ownerWallet] = await Promise.all([
    flagSummary(loaded.cert.id),
    signedVotes(loaded),
    Promise.all((packages?.direct ?? []).map((p) => packageReadOf(p))),
    walletOfOwner(loaded.payload.owner),
  ]);
  const integrity = sourceIntegrityView(loaded);
  const badgeUrl = siteUrl(`/badge/${loaded.cert.id}.svg`);
  return {
    verify,
    live: liveStatusView(loaded),
    integrity,
    checkCommands: localCheckCommands(integrity.canonicalSha256),
    payload: loaded.payload,
    ownerWallet,
    warnings: loaded.payload.retainedWarnings.map((w) => ({ ...w, fix: fixFor(w.ruleId, w.category, w.message) })),
    flags,
    signedVoteCount: votes.length,
    packages: packages ? { ...packages, directReads } : null,
    badge: { url: badgeUrl, state: certificateBadge(verify), ...badgeSnippets(badgeUrl, certificateHref(loaded.cert.id), verify.skillName) },
  };
}

/** The package certificate a direct dependency was audited under (advisories included); null when it has none now. */
async function packageReadOf(p: PackageItem): Promise<PackageRead | null> {
  if (!p.auditedVersion || !p.packageCertificateId) return null;
  try {
    return await loadPackageRead({ registry: p.registrySource as RegistrySource, name: p.packageName, version: p.auditedVersion });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

type Data = Awaited<ReturnType<typeof certificatePageData>>;

export function CertificatePage({ d }: { d: Data }) {
  const v = d.verify;
  return (
    <Layout title={`${v.skillName} ${v.skillVersion}`} scripts={['site-copy.js']}>
      <p class="muted crumbs">
        <a href={siteUrl('/certificates')}>Certificates</a> / {v.skillName}
      </p>
      <h1>
        {v.skillName} <span class="muted">v{v.skillVersion}</span>
      </h1>
      <p>{d.payload.skill.description}</p>
      <VerifyPanel d={d} />
      {v.apiDisclaimer ? (
        <div class="notice" role="note">
          <p class="disclaimer">{v.apiDisclaimer}</p>
        </div>
      ) : null}
      <Warnings d={d} />
      <Manifest manifest={v.manifest} />
      {v.endpointStatus ? <Endpoints status={v.endpointStatus} review={v.endpointReview} /> : null}
      <Integrity d={d} />
      <OnChain d={d} />
      <Flags d={d} />
      {d.packages ? <Packages p={d.packages} /> : null}
      <Council d={d} />
      <BadgeSection d={d} />
      <Section id="machine" title="For machines">
        <ul>
          <li>
            <a href={siteUrl(`/api/v1/public/certificates/${v.skillId}/verify`)}>Verify answer (JSON)</a>
          </li>
          <li>
            <a href={siteUrl(`/api/v1/public/certificates/${v.skillId}`)}>Signed certificate (JSON)</a>
          </li>
          <li>
            <a href={siteUrl('/skill.md')}>Agent skill file</a> and the <a href={siteUrl('/.well-known/skill-store')}>discovery manifest</a>
          </li>
        </ul>
      </Section>
    </Layout>
  );
}

function VerifyPanel({ d }: { d: Data }) {
  const v = d.verify;
  return (
    <section aria-labelledby="verify" class="panel">
      <h2 id="verify">Live verify answer</h2>
      <dl class="facts">
        <dt>Valid</dt>
        <dd>
          <YesNo value={v.valid} yes="valid" no="not valid" />
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={v.status} valid={v.valid} />
          {v.statusReason ? <span> {v.statusReason}</span> : null}
        </dd>
        <dt>Open flags</dt>
        <dd data-field="activeFlagCount">{v.activeFlagCount}</dd>
        <dt>Security level</dt>
        <dd>
          <LevelBadge level={v.securityLevel} />
        </dd>
        <dt>Sandbox risk level</dt>
        <dd>
          <LevelBadge level={v.sandboxRiskLevel} />
        </dd>
        {v.endpointStatus ? (
          <>
            <dt>Endpoints</dt>
            <dd>{v.endpointStatus}</dd>
          </>
        ) : null}
        <dt>Summary</dt>
        <dd>{v.summary}</dd>
        <dt>Issued</dt>
        <dd>
          <When iso={v.certificateIssuedAt} /> ({v.roundType === 'RE_AUDIT' ? 're-audit' : 'initial audit'})
        </dd>
        <dt>Owner</dt>
        <dd>
          <Owner owner={d.payload.owner} wallet={d.ownerWallet} />
        </dd>
        <dt>Views / verifications</dt>
        <dd>
          {d.live.counters.views} / {d.live.counters.verifications}
        </dd>
      </dl>
    </section>
  );
}

function Warnings({ d }: { d: Data }) {
  return (
    <Section id="warnings" title="Retained warnings and their fixes">
      {d.warnings.length === 0 ? (
        <p>No warnings were retained: the review found nothing to note.</p>
      ) : (
        <table>
          <caption class="visually-hidden">Warnings kept on the certificate</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Severity</th>
              <th scope="col">Line</th>
              <th scope="col">Finding</th>
              <th scope="col">Fix</th>
            </tr>
          </thead>
          <tbody>
            {d.warnings.map((w) => (
              <tr>
                <td class="mono">{w.ruleId}</td>
                <td>
                  <LevelBadge level={w.severity} />
                </td>
                <td>{w.line}</td>
                <td>{w.message}</td>
                <td>{w.fix ?? <span class="muted">none given</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** The endpoint review sealed with an API or SKILL+API certificate (docs/endpoint-review.md). */
function Endpoints({ status, review }: { status: string; review: Data['verify']['endpointReview'] }) {
  const probes = review.endpoints ?? [];
  return (
    <Section id="endpoints" title={`Endpoint review: ${status}`}>
      {review.checkedAt ? (
        <p>
          Each declared endpoint was asked with a safe method (HEAD, else GET or OPTIONS), without credentials, on <When iso={review.checkedAt} />. This is the
          answer at issue time; it is not checked again here.
        </p>
      ) : (
        <p class="muted">This certificate was sealed without an endpoint review: its endpoints were not tested.</p>
      )}
      {probes.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Outcome</th>
              <th scope="col">Answer</th>
              <th scope="col">Time</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {probes.map((p) => (
              <tr data-outcome={p.outcome}>
                <td>
                  <code>{p.url}</code>
                  {p.source === 'product' ? <span class="muted"> (product URL)</span> : null}
                </td>
                <td>{p.outcome}</td>
                <td>{p.statusCode === null ? 'no answer' : `${p.method ?? ''} ${p.statusCode}${p.contentType ? ` ${p.contentType}` : ''}`}</td>
                <td>{p.timeMs} ms</td>
                <td>{p.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {review.notProbed?.length ? (
        <p class="muted">
          Not probed: {review.notProbed.map((n) => `${n.url} (${n.reason})`).join('; ')}
        </p>
      ) : null}
    </Section>
  );
}

function Manifest({ manifest }: { manifest: Data['verify']['manifest'] }) {
  const m = manifest as Partial<CertificateManifest> & { externalCalls: string[]; capabilities: string[] };
  if (!m.declared || !m.inferred) {
    return (
      <Section id="manifest" title="Manifest">
        <p class="muted">This certificate predates the split into declared and inferred entries: it lists the declaration only.</p>
        <dl class="facts">
          <dt>External calls</dt>
          <dd>
            <List items={m.externalCalls} />
          </dd>
          <dt>Capabilities</dt>
          <dd>
            <List items={m.capabilities} />
          </dd>
        </dl>
      </Section>
    );
  }
  return (
    <Section id="manifest" title="Manifest: declared and inferred">
      <p>What the author declared, and what the sandbox observed beyond it.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span class="visually-hidden">Entry</span>
            </th>
            <th scope="col">Declared by the author</th>
            <th scope="col">Inferred by the sandbox</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">External calls</th>
            <td>
              <List items={m.declared.externalCalls} />
            </td>
            <td>
              <List items={m.inferred.externalCalls} />
            </td>
          </tr>
          <tr>
            <th scope="row">Capabilities</th>
            <td>
              <List items={m.declared.capabilities} />
            </td>
            <td>
              <List items={m.inferred.capabilities} />
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

function Integrity({ d }: { d: Data }) {
  const i = d.integrity;
  return (
    <Section id="integrity" title="Source integrity">
      <dl class="facts">
        <dt>Certified file SHA-256</dt>
        <dd class="mono" id="sha">
          {i.canonicalSha256}
        </dd>
        <dt>Normalisation</dt>
        <dd>{i.normalisation}</dd>
        <dt>Certified version</dt>
        <dd>{i.certifiedVersion}</dd>
        <dt>Source</dt>
        <dd>
          {i.source.url ? (
            <>
              <span class="mono">{i.source.url}</span>
              {i.source.ref ? (
                <>
                  {' '}
                  at <span class="mono">{i.source.ref}</span>
                </>
              ) : null}
            </>
          ) : (
            <span class="muted">submitted inline (no source URL)</span>
          )}
        </dd>
        <dt>Certificate hash</dt>
        <dd class="mono">{i.certificatePayloadHash}</dd>
        <dt>Signed by</dt>
        <dd class="mono">{i.signer}</dd>
      </dl>
      <CopyBox id="check-command" label={`Check a local ${LOCAL_CHECK_FILE} (prints OK when it is the certified file)`} text={d.checkCommands.compare} />
    </Section>
  );
}

function OnChain({ d }: { d: Data }) {
  const c = d.verify.onChain;
  return (
    <Section id="onchain" title="On-chain commit">
      {c.committed ? (
        <dl class="facts">
          <dt>Transaction</dt>
          <dd class="mono">{c.txHash}</dd>
          <dt>Registry contract</dt>
          <dd class="mono">{c.registryAddress}</dd>
          <dt>Committed</dt>
          <dd>
            <When iso={c.committedAt} />
          </dd>
          {c.inclusionProof ? (
            <>
              <dt>Batch root</dt>
              <dd class="mono">{c.inclusionProof.root}</dd>
              <dt>Inclusion proof</dt>
              <dd>
                certificate {c.inclusionProof.index + 1} of {c.inclusionProof.batchSize}, {c.inclusionProof.proof.length} sibling hash{c.inclusionProof.proof.length === 1 ? '' : 'es'} (in the verify answer's <code>onChain.inclusionProof</code>)
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>
          <span class="badge info">Not yet committed</span> The certificate is signed and valid off chain; its hash has not been committed to the registry contract yet.
        </p>
      )}
    </Section>
  );
}

function Flags({ d }: { d: Data }) {
  const f = d.flags;
  const reasons = Object.entries(f.openByReason);
  return (
    <Section id="flags" title="Flags">
      <p>
        {f.activeFlagCount} open, {f.confirmedFlagCount} confirmed, {f.dismissedFlagCount} dismissed.
        {reasons.length ? ` Open by reason: ${reasons.map(([r, n]) => `${r} ${n}`).join(', ')}.` : null}
      </p>
      {f.recent.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Status</th>
              <th scope="col">Raised</th>
              <th scope="col">Bounty</th>
            </tr>
          </thead>
          <tbody>
            {f.recent.map((r) => (
              <tr>
                <td>{r.reason}</td>
                <td>{r.status}</td>
                <td>
                  <When iso={r.createdAt} />
                </td>
                <td>{r.bounty ? `${r.bounty.amount} ${r.bounty.asset} (${r.bounty.status})` : <span class="muted">none</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}

function Packages({ p }: { p: NonNullable<Data['packages']> }) {
  return (
    <Section id="packages" title="Packages">
      <h3>Direct dependencies</h3>
      {p.direct.length === 0 ? (
        <p class="muted">none</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Package</th>
              <th scope="col">Declared</th>
              <th scope="col">Audited version</th>
              <th scope="col">Level</th>
              <th scope="col">Advisories</th>
            </tr>
          </thead>
          <tbody>
            {p.direct.map((pkg, i) => {
              const read = p.directReads[i];
              return (
                <tr>
                  <td>
                    <span class="mono">{pkg.packageName}</span> <span class="muted">({pkg.registrySource})</span>
                  </td>
                  <td class="mono">{pkg.declaredSpec ?? '—'}</td>
                  <td class="mono">
                    {pkg.auditedVersion && read ? <a href={packageHref(pkg.registrySource, pkg.packageName, pkg.auditedVersion)}>{pkg.auditedVersion}</a> : (pkg.auditedVersion ?? '—')}
                  </td>
                  <td>
                    <LevelBadge level={read?.certificate.securityLevel ?? pkg.securityLevel} /> {pkg.status !== 'CERTIFIED' ? <span class="muted">{pkg.status}</span> : null}
                    {pkg.reason ? <p class="muted">{pkg.reason}</p> : null}
                  </td>
                  <td>{read ? read.certificate.registryAdvisorySummary : <span class="muted">no package certificate</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <TransitiveTable title="Transitive dependencies" items={p.transitive} />
      <TransitiveTable title="Uncertified transitive dependencies" items={p.uncertified} />
    </Section>
  );
}

function TransitiveTable({ title, items }: { title: string; items: PackageItem[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Version</th>
            <th scope="col">Depth</th>
            <th scope="col">Level</th>
          </tr>
        </thead>
        <tbody>
          {items.map((pkg) => (
            <tr>
              <td>
                <span class="mono">{pkg.packageName}</span> <span class="muted">via {pkg.via ?? '—'}</span>
              </td>
              <td class="mono">
                {pkg.auditedVersion && pkg.packageCertificateId ? <a href={packageHref(pkg.registrySource, pkg.packageName, pkg.auditedVersion)}>{pkg.auditedVersion}</a> : (pkg.auditedVersion ?? '—')}
              </td>
              <td>L{pkg.level}</td>
              <td>
                <LevelBadge level={pkg.securityLevel} />
                {pkg.reason ? <p class="muted">{pkg.reason}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Council({ d }: { d: Data }) {
  const c = d.payload.council;
  return (
    <Section id="council" title="Council decision">
      <p>
        {c.decidedBy === 'operator' ? 'Decided by an operator' : 'Decided by the council'}: {c.reason}
        {c.operatorReason ? ` (${c.operatorReason})` : null}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Validator</th>
            <th scope="col">Wallet</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {c.votes.map((vote) => (
            <tr>
              <td class="mono">{vote.validatorKey}</td>
              <td>
                <a class="mono" href={validatorHref(vote.walletAddress)}>
                  {vote.walletAddress}
                </a>
              </td>
              <td>{vote.verdict}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">{d.signedVoteCount} signed votes are published with the certificate (JSON link below).</p>
    </Section>
  );
}

function BadgeSection({ d }: { d: Data }) {
  return (
    <Section id="badge" title="Badge">
      <p>
        <img src={d.badge.url} alt={`cert: ${d.badge.state.message}`} height={20} />
      </p>
      <p>The badge follows the live state: certified, flagged, suspended, deprecated or unknown. Add it to a README:</p>
      <CopyBox id="badge-markdown" label="Markdown" text={d.badge.markdown} />
      <CopyBox id="badge-html" label="HTML" text={d.badge.html} />
    </Section>
  );
}

/** Text to copy: selectable without JavaScript; site-copy.js adds a Copy button with a spoken confirmation. */
function CopyBox({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <div class="copybox">
      <label for={id}>{label}</label>
      <textarea id={id} readOnly rows={2} class="copy-source" spellcheck={false}>
        {text}
      </textarea>
    </div>
  );
}

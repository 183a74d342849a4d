import { siteUrl } from '../../../shared/urls.js';
import type { PackageRead } from '../../../shared/packages/views.js';
import { Layout } from '../layout.js';
import { LevelBadge, Section, When, YesNo } from './parts.js';

interface PackageWarning {
  ruleId: string;
  severity: string;
  file: string;
  line: number | null;
  message: string;
}

/** `/packages/{registry}/{name}/{version}`: the package certificate's verify view (spec 2.3), laid out. */
export function PackagePage({ read }: { read: PackageRead }) {
  const v = read.verify;
  const warnings = v.retainedWarnings as PackageWarning[];
  return (
    <Layout title={`${v.packageName} ${v.packageVersion}`}>
      <p class="muted crumbs">
        Packages / {v.registrySource} / {v.packageName}
      </p>
      <h1>
        {v.packageName} <span class="muted">{v.packageVersion}</span>
      </h1>
      <section aria-labelledby="verdict" class="panel">
        <h2 id="verdict">Package certificate</h2>
        <dl class="facts">
          <dt>Valid</dt>
          <dd>
            <YesNo value={v.valid} yes="valid" no="not valid" />
          </dd>
          <dt>Registry</dt>
          <dd>{v.registrySource}</dd>
          <dt>Security level</dt>
          <dd>
            <LevelBadge level={v.securityLevel} />
            {v.override ? (
              <span>
                {' '}
                set by an operator (council: {v.override.councilSecurityLevel}): {v.override.reason}
              </span>
            ) : v.reanalysis?.levelInForce && v.reanalysis.levelInForce !== v.reanalysis.sealedSecurityLevel ? (
              <span>
                {' '}
                after re-analysis under {v.reanalysis.analysisVersion} (certified {v.reanalysis.sealedSecurityLevel})
              </span>
            ) : null}
          </dd>
          {v.reanalysis ? (
            <>
              <dt>Re-analysis</dt>
              <dd>
                {v.reanalysis.status} under {v.reanalysis.analysisVersion}
                {v.reanalysis.securityLevel ? `: ${v.reanalysis.securityLevel}` : null}
                {v.reanalysis.error ? ` (${v.reanalysis.error})` : null}, <When iso={v.reanalysis.checkedAt} />
              </dd>
            </>
          ) : null}
          <dt>Council verdict</dt>
          <dd>{v.councilVerdict}</dd>
          <dt>Analysis</dt>
          <dd>
            {v.analysisType}
            {v.analysisVersion ? ` (${v.analysisVersion})` : null}
          </dd>
          <dt>Certified</dt>
          <dd>
            <When iso={v.certifiedAt} />
          </dd>
          <dt>Distribution</dt>
          <dd>
            <span class="mono">{v.distributionFilename}</span> ({v.distributionKind})
          </dd>
          <dt>Distribution SHA-256</dt>
          <dd class="mono">{v.distributionSha256}</dd>
          <dt>Registry digest</dt>
          <dd class="mono">
            {v.publishedDigest.algorithm}:{v.publishedDigest.hex} <YesNo value={v.integrityVerified} yes="matches" no="does not match" />
          </dd>
        </dl>
      </section>
      <Section id="advisories" title="Registry advisories">
        <p>{v.registryAdvisorySummary.text}</p>
        {v.registryAdvisories.length ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Advisory</th>
                <th scope="col">Severity</th>
                <th scope="col">Title</th>
                <th scope="col">Affected versions</th>
              </tr>
            </thead>
            <tbody>
              {v.registryAdvisories.map((a) => (
                <tr>
                  <td class="mono">{a.url && /^https?:\/\//i.test(a.url) ? <a href={a.url}>{a.id}</a> : a.id}</td>
                  <td>{a.severity}</td>
                  <td>{a.title}</td>
                  <td class="mono">{a.vulnerableVersions ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Section>
      <Section id="warnings" title="Retained warnings">
        {warnings.length === 0 ? (
          <p>None.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Severity</th>
                <th scope="col">Where</th>
                <th scope="col">Finding</th>
              </tr>
            </thead>
            <tbody>
              {warnings.map((w) => (
                <tr>
                  <td class="mono">{w.ruleId}</td>
                  <td>
                    <LevelBadge level={w.severity} />
                  </td>
                  <td class="mono">
                    {w.file}
                    {w.line ? `:${w.line}` : ''}
                  </td>
                  <td>{w.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section id="machine" title="For machines">
        <p>
          <a href={v.verifyEndpoint}>Verify answer (JSON)</a>. Signed by <span class="mono">{v.signer}</span>; certificate hash{' '}
          <span class="mono">{v.payloadHash}</span>.
        </p>
        <p>
          <a href={siteUrl('/skill.md')}>Agent skill file</a> · <a href={siteUrl('/.well-known/skill-store')}>Discovery manifest</a>
        </p>
      </Section>
    </Layout>
  );
}

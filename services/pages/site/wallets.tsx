import type { agentProfile, agentSkills, validatorWork } from '../../../shared/directory/views.js';
import type { validatorRevenue } from '../../../shared/economy/views.js';
import { Layout } from '../layout.js';
import { CertificateList, Section, When, agentHref } from './parts.js';
import { siteUrl } from '../../../shared/urls.js';

type Profile = Awaited<ReturnType<typeof agentProfile>>;
type Skills = Awaited<ReturnType<typeof agentSkills>>;

/** `/agents/{wallet}`: the public agent profile and its certificates (the directory API's views). */
export function AgentPage({ profile, skills, wallet, limit }: { profile: Profile; skills: Skills; wallet: string; limit: number }) {
  const byStatus = Object.entries(profile.submissions.byStatus);
  return (
    <Layout title={`Agent ${profile.walletAddress}`}>
      <h1>
        Agent <span class="mono wallet">{profile.walletAddress}</span>
      </h1>
      <section aria-labelledby="profile" class="panel">
        <h2 id="profile">Profile</h2>
        <dl class="facts">
          <dt>Submissions</dt>
          <dd>
            {profile.submissions.total}
            {byStatus.length ? ` (${byStatus.map(([s, n]) => `${s} ${n}`).join(', ')})` : null}
          </dd>
          <dt>Certificates</dt>
          <dd>
            {profile.certificatesIssued} issued, {profile.certificatesValid} valid now
          </dd>
          <dt>Flags raised</dt>
          <dd>{profile.flagsRaised}</dd>
          <dt>First seen</dt>
          <dd>
            <When iso={profile.firstSeenAt} />
          </dd>
          <dt>Last submission</dt>
          <dd>
            <When iso={profile.lastSubmissionAt} />
          </dd>
          <dt>Earned</dt>
          <dd>
            {profile.earnings.usdcEarned} USDC, {profile.earnings.rewardTokenEarned} reward tokens
          </dd>
          {profile.validator ? (
            <>
              <dt>Validator</dt>
              <dd>
                {profile.validator.validatorKey} ({profile.validator.kind}, {profile.validator.status}), reputation {profile.validator.reputation}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <Section id="certificates" title="Certificates">
        {skills.items.length ? <CertificateList items={skills.items} /> : <p>No certificates yet.</p>}
        <NextPage path={`/agents/${wallet}`} cursor={skills.nextCursor} limit={limit} anchor="certificates" />
      </Section>
    </Layout>
  );
}

type Work = Awaited<ReturnType<typeof validatorWork>>;
type Revenue = Awaited<ReturnType<typeof validatorRevenue>>;

/** `/validators/{wallet}`: standing, revenue and signed votes (the directory and economy APIs' views). */
export function ValidatorPage({ work, revenue, wallet, limit }: { work: Work; revenue: Revenue; wallet: string; limit: number }) {
  return (
    <Layout title={`Validator ${work.displayName ?? work.validatorKey}`}>
      <h1>
        Validator {work.displayName ?? work.validatorKey}
      </h1>
      <section aria-labelledby="standing" class="panel">
        <h2 id="standing">Standing</h2>
        <dl class="facts">
          <dt>Key</dt>
          <dd class="mono">{work.validatorKey}</dd>
          <dt>Wallet</dt>
          <dd>
            <a class="mono" href={agentHref(work.walletAddress ?? '')}>
              {work.walletAddress}
            </a>
          </dd>
          <dt>Kind / status</dt>
          <dd>
            {work.kind} / {work.status}
          </dd>
          <dt>Reputation</dt>
          <dd>{work.reputation}</dd>
          <dt>Accuracy</dt>
          <dd>{work.accuracy === null ? <span class="muted">no decided votes yet</span> : `${Math.round(work.accuracy * 1000) / 10} %`}</dd>
          <dt>Reviews paid for</dt>
          <dd>
            {revenue.reviewsPaidFor} reviews; {revenue.earnedUsdc} USDC earned, {revenue.paidUsdc} USDC paid, {revenue.unpaidUsdc} USDC still owed
          </dd>
          <dt>Last payout</dt>
          <dd>
            <When iso={revenue.lastPaidAt} />
            {revenue.lastPaidTxHash ? <span class="mono"> {revenue.lastPaidTxHash}</span> : null}
          </dd>
        </dl>
      </section>
      <Section id="votes" title="Recent votes">
        {work.items.length === 0 ? (
          <p>No votes yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Voted</th>
                <th scope="col">Verdict</th>
                <th scope="col">Level</th>
                <th scope="col">Round outcome</th>
                <th scope="col">Final</th>
              </tr>
            </thead>
            <tbody>
              {work.items.map((i) => (
                <tr>
                  <td>
                    <When iso={i.votedAt} />
                  </td>
                  <td>{i.verdict}</td>
                  <td>{i.securityLevel ?? '—'}</td>
                  <td>{i.roundOutcome ?? '—'}</td>
                  <td>{i.finalOutcome ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <NextPage path={`/validators/${wallet}`} cursor={work.nextCursor} limit={limit} anchor="votes" />
      </Section>
    </Layout>
  );
}

/** Keyset pages of the directory API (`nextCursor`), as a plain link: works without JavaScript. */
function NextPage({ path, cursor, limit, anchor }: { path: string; cursor: string | null; limit: number; anchor: string }) {
  return cursor ? (
    <p>
      <a href={siteUrl(`${path}?${new URLSearchParams({ limit: String(limit), cursor })}#${anchor}`)} rel="next">
        Older entries
      </a>
    </p>
  ) : null;
}

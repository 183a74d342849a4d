import { Router } from 'express';
import { Submission } from '../../../shared/db/models.js';
import { notFound } from '../../../shared/errors.js';
import { resolveEscalation } from '../../../shared/submissions/verdict.js';
import { loadSubmissionViews } from '../../../shared/submissions/views.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, idParam, textField } from './form.js';
import { Badge, ConsolePage, Csrf, ReasonField, Time, whoOf } from './pages.js';
import { noticeFor } from './notices.js';

type View = NonNullable<Awaited<ReturnType<typeof loadSubmissionViews>>>['owner'];
interface FindingLike {
  ruleId?: string;
  severity?: string;
  message?: string;
  fix?: string;
  location?: { line?: number };
}

/** ESCALATED submissions: the council split; an operator approves or rejects with a reason. */
export function escalationsRouter(): Router {
  const r = Router();

  r.get('/escalations', async (req, res) => {
    const rows = await Submission.findAll({ where: { status: 'ESCALATED' }, order: [['statusChangedAt', 'ASC']], limit: 200 });
    sendPage(
      res,
      <ConsolePage title="Escalations" who={whoOf(sessionOf(res))} current="/console/escalations" notice={noticeFor(req)}>
        <p>Submissions the council could not decide. Open one to read the signed votes and findings, then approve or reject it.</p>
        {rows.length ? (
          <ul class="results">
            {rows.map((s) => (
              <li>
                <a href={`/console/escalations/${s.id}`}>
                  {s.skillName}@{s.skillVersion}
                </a>{' '}
                <Badge value={s.sandboxRiskLevel} />
                <p class="muted">
                  {s.verdictSummary ?? ''} · escalated <Time at={s.statusChangedAt} />
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">Nothing waiting for human review.</p>
        )}
      </ConsolePage>,
    );
  });

  r.get('/escalations/:id', async (req, res) => {
    const views = await loadSubmissionViews(idParam(req, 'id', 'Submission'));
    if (!views) throw notFound('Submission', 'id');
    const v = views.owner;
    sendPage(
      res,
      <ConsolePage title={`${v.skillName}@${v.skillVersion}`} who={whoOf(sessionOf(res))} current="/console/escalations" notice={noticeFor(req)}>
        <dl class="facts">
          <dt>Submission</dt>
          <dd>
            <code>{v.submissionId}</code>
          </dd>
          <dt>Status</dt>
          <dd>
            <Badge value={v.status} />
          </dd>
          <dt>Council</dt>
          <dd>{v.council ? `${v.council.roundType}: ${v.council.outcomeReason ?? v.council.outcome ?? 'in progress'}` : 'no round'}</dd>
          <dt>Sandbox</dt>
          <dd>
            <Badge value={v.sandboxRiskLevel} /> {v.sandboxSummary ?? ''}
          </dd>
          <dt>Content SHA-256</dt>
          <dd>
            <code>{v.contentSha256}</code>
          </dd>
          {v.skillId ? (
            <>
              <dt>Certificate</dt>
              <dd>
                <code>{v.skillId}</code>
              </dd>
            </>
          ) : null}
        </dl>
        {v.status === 'ESCALATED' ? <ResolveForm id={v.submissionId} who={whoOf(sessionOf(res))} /> : <p class="notice">Already decided: {v.verdict ?? v.status}.</p>}
        <Votes council={v.council} />
        <section aria-labelledby="findings">
          <h2 id="findings">Sandbox findings</h2>
          <Findings findings={v.findings as FindingLike[]} />
        </section>
      </ConsolePage>,
    );
  });

  r.post('/escalations/:id/resolve', async (req, res) => {
    const id = idParam(req, 'id', 'Submission');
    const decision = choiceField(req, 'decision', ['approve', 'reject'] as const);
    const sub = await resolveEscalation(id, decision, textField(req, 'reason'), sessionOf(res).operator.name);
    res.redirect(303, `/console/escalations/${sub.id}?done=escalation-${decision}`);
  });

  return r;
}

function ResolveForm({ id, who }: { id: string; who: { name: string; csrf: string } }) {
  return (
    <form method="post" action={`/console/escalations/${id}/resolve`} class="panel console-panel console-decide">
      <h2>Decide</h2>
      <Csrf who={who} />
      <fieldset>
        <legend>Decision</legend>
        <label>
          <input type="radio" name="decision" value="approve" required /> Approve: issue the certificate
        </label>
        <label>
          <input type="radio" name="decision" value="reject" /> Reject
        </label>
      </fieldset>
      <ReasonField id="resolve-reason" />
      <button>Record decision</button>
    </form>
  );
}

function Votes({ council }: { council: View['council'] }) {
  if (!council) return null;
  return (
    <>
      <h2>Council votes ({council.votesReceived} of {council.expectedVotes})</h2>
      {council.votes.map((vote) => (
        <section class="panel console-panel" aria-label={`Vote of ${vote.validatorKey}`}>
          <h3>
            {vote.validatorKey} <Badge value={vote.verdict} /> <Badge value={vote.securityLevel} />
          </h3>
          <ul>
            {vote.reasons.map((reason) => (
              <li>{reason}</li>
            ))}
          </ul>
          <dl class="facts">
            <dt>Signer</dt>
            <dd>
              <code>{vote.signer}</code>
            </dd>
            <dt>Payload hash</dt>
            <dd>
              <code>{vote.payloadHash}</code>
            </dd>
            <dt>Signature</dt>
            <dd>
              <code class="console-details">{vote.signature}</code>
            </dd>
          </dl>
          <details>
            <summary>Signed payload</summary>
            <pre>{vote.payload}</pre>
          </details>
        </section>
      ))}
    </>
  );
}

function Findings({ findings }: { findings: FindingLike[] }) {
  if (!findings.length) return <p class="muted">The sandbox reported no findings.</p>;
  return (
    <ul class="results">
      {findings.map((f) => (
        <li>
          <Badge value={f.severity} /> <code>{f.ruleId}</code> {f.message}
          {f.location?.line ? <span class="muted"> (line {f.location.line})</span> : null}
          {f.fix ? <p>Fix: {f.fix}</p> : null}
        </li>
      ))}
    </ul>
  );
}

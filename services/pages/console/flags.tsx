import { Router } from 'express';
import { Op } from 'sequelize';
import { Certificate, Dispute, Flag, Submission } from '../../../shared/db/models.js';
import { resolveFlagWithBounty } from '../../../shared/certificates/flags.js';
import { denyDispute, disputeView, upholdDispute } from '../../../shared/submissions/disputes.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, idParam, textField } from './form.js';
import { Badge, ConsolePage, Csrf, ReasonField, Time, whoOf, type Who } from './pages.js';
import { noticeFor } from './notices.js';

/** Open flags (confirm or dismiss) and open disputes (uphold or deny), through the CLI's domain functions. */
export function flagsAndDisputesRouter(): Router {
  const r = Router();

  r.get('/flags', async (req, res) => {
    const flags = await Flag.findAll({ where: { status: 'OPEN' }, order: [['createdAt', 'ASC']], limit: 200 });
    const certs = new Map((await Certificate.findAll({ where: { id: { [Op.in]: [...new Set(flags.map((f) => f.certificateId))] } }, attributes: ['id', 'skillName', 'skillVersion'] })).map((c) => [c.id, c]));
    const who = whoOf(sessionOf(res));
    sendPage(
      res,
      <ConsolePage title="Flags" who={who} current="/console/flags" notice={noticeFor(req)}>
        <p>Open flags against certified skills. Confirming suspends the certificate and owes the flag's wallet the bounty (not for the owner's own flag); dismissing stops the flag counting.</p>
        {flags.length ? (
          flags.map((f) => {
            const c = certs.get(f.certificateId);
            return (
              <section class="panel console-panel" aria-labelledby={`flag-${f.id}`}>
                <h2 id={`flag-${f.id}`}>
                  {c ? `${c.skillName}@${c.skillVersion}` : f.certificateId}: {f.reason}
                </h2>
                <dl class="facts">
                  <dt>Flag</dt>
                  <dd>
                    <code>{f.id}</code>
                  </dd>
                  <dt>Certificate</dt>
                  <dd>
                    <code>{f.certificateId}</code>
                  </dd>
                  <dt>Details</dt>
                  <dd>{f.details ?? '—'}</dd>
                  <dt>Bounty wallet</dt>
                  <dd>
                    <code>{f.walletAddress}</code>
                  </dd>
                  <dt>Opened</dt>
                  <dd>
                    <Time at={f.createdAt} />
                  </dd>
                </dl>
                <DecisionForm action={`/console/flags/${f.id}/resolve`} who={who} idPrefix={`flag-${f.id}`} choices={[['confirm', 'Confirm'], ['dismiss', 'Dismiss']]} />
              </section>
            );
          })
        ) : (
          <p class="muted">No open flags.</p>
        )}
      </ConsolePage>,
    );
  });

  r.post('/flags/:id/resolve', async (req, res) => {
    const id = idParam(req, 'id', 'Flag');
    const decision = choiceField(req, 'decision', ['confirm', 'dismiss'] as const);
    await resolveFlagWithBounty(id, decision, textField(req, 'reason'), sessionOf(res).operator.name);
    res.redirect(303, `/console/flags?done=flag-${decision}`);
  });

  r.get('/disputes', async (req, res) => {
    const rows = await Dispute.findAll({ where: { status: 'OPEN' }, order: [['createdAt', 'ASC'], ['id', 'ASC']], limit: 200 });
    const views = await Promise.all(rows.map((d) => disputeView(d)));
    const subs = new Map((await Submission.findAll({ where: { id: { [Op.in]: views.map((v) => v.submissionId) } }, attributes: ['id', 'skillName', 'skillVersion', 'status'] })).map((s) => [s.id, s]));
    const who = whoOf(sessionOf(res));
    sendPage(
      res,
      <ConsolePage title="Disputes" who={who} current="/console/disputes" notice={noticeFor(req)}>
        <p>Owners dispute a verdict. Upholding opens a re-audit council round on the same content (once per submission); denying lets the verdict stand.</p>
        {views.length ? (
          views.map((d) => {
            const s = subs.get(d.submissionId);
            return (
              <section class="panel console-panel" aria-labelledby={`dispute-${d.disputeId}`}>
                <h2 id={`dispute-${d.disputeId}`}>
                  {s ? `${s.skillName}@${s.skillVersion}` : d.submissionId} <Badge value={d.disputedStatus} />
                </h2>
                <p>{d.reason}</p>
                <dl class="facts">
                  <dt>Submission</dt>
                  <dd>
                    <a href={`/console/escalations/${d.submissionId}`}>
                      <code>{d.submissionId}</code>
                    </a>
                  </dd>
                  {d.certificateId ? (
                    <>
                      <dt>Suspended certificate</dt>
                      <dd>
                        <code>{d.certificateId}</code>
                      </dd>
                    </>
                  ) : null}
                  <dt>Opened</dt>
                  <dd>
                    <Time at={d.createdAt} />
                  </dd>
                </dl>
                <DecisionForm action={`/console/disputes/${d.disputeId}/resolve`} who={who} idPrefix={`dispute-${d.disputeId}`} choices={[['uphold', 'Uphold (re-audit)'], ['deny', 'Deny']]} />
              </section>
            );
          })
        ) : (
          <p class="muted">No open disputes.</p>
        )}
      </ConsolePage>,
    );
  });

  r.post('/disputes/:id/resolve', async (req, res) => {
    const id = idParam(req, 'id', 'Dispute');
    const decision = choiceField(req, 'decision', ['uphold', 'deny'] as const);
    const reason = textField(req, 'reason');
    const operator = sessionOf(res).operator.name;
    if (decision === 'uphold') await upholdDispute(id, reason, operator);
    else await denyDispute(id, reason, operator);
    res.redirect(303, `/console/disputes?done=dispute-${decision}`);
  });

  return r;
}

/** One form, one button per decision (the pressed button's value is the decision), with the reason. */
function DecisionForm({ action, who, idPrefix, choices }: { action: string; who: Who; idPrefix: string; choices: [string, string][] }) {
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

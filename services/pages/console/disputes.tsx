import { Router } from 'express';
import { Op } from 'sequelize';
import { Dispute, Submission } from '../../../shared/db/models.js';
import { denyDispute, disputeView, upholdDispute } from '../../../shared/submissions/disputes.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, idParam, textField } from './form.js';
import { Badge, ConsolePage, DecisionForm, Time, whoOf } from './pages.js';
import { noticeFor } from './notices.js';

/** Open disputes: uphold (a re-audit round) or deny, through the CLI's domain functions. */
export function disputesRouter(): Router {
  const r = Router();

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

import { Router } from 'express';
import { Op } from 'sequelize';
import { Certificate, Flag } from '../../../shared/db/models.js';
import { isSystemFlag } from '../../../shared/certificates/flags.js';
import { resolveFlagWithBounty } from '../../../shared/operators/flag-decisions.js';
import { MonitoringCheck } from '../../../shared/monitoring/models.js';
import { checkSummaryOf } from '../../../shared/monitoring/summary.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, idParam, textField } from './form.js';
import { ConsolePage, DecisionForm, Time, whoOf } from './pages.js';
import { noticeFor } from './notices.js';

/** Open flags (community flags and monitoring alerts): confirm or dismiss, through the CLI's domain function. */
export function flagsRouter(): Router {
  const r = Router();

  r.get('/flags', async (req, res) => {
    const flags = await Flag.findAll({ where: { status: 'OPEN' }, order: [['createdAt', 'ASC']], limit: 200 });
    const certs = new Map((await Certificate.findAll({ where: { id: { [Op.in]: [...new Set(flags.map((f) => f.certificateId))] } }, attributes: ['id', 'skillName', 'skillVersion'] })).map((c) => [c.id, c]));
    // A monitoring alert shows the check's latest evidence (docs/monitoring.md), which a dismissal covers.
    const checks = new Map((await MonitoringCheck.findAll({ where: { flagId: flags.filter(isSystemFlag).map((f) => f.id) } })).map((m) => [m.flagId!, checkSummaryOf(m)]));
    const who = whoOf(sessionOf(res));
    sendPage(
      res,
      <ConsolePage title="Flags" who={who} current="/console/flags" notice={noticeFor(req)}>
        <p>Open flags against certified skills. Confirming suspends the certificate and owes the flag's wallet the bounty (not for the owner's own flag); dismissing stops the flag counting.</p>
        <p>Monitoring alerts are raised by the service itself (a pinned source that changed, a new blocking finding under a newer ruleset, a direct or L1 dependency that a re-analysis under a newer package analysis version now blocks): they earn no bounty and do not make the certificate invalid until confirmed; dismissing one covers the evidence shown, so only a different change raises a new alert.</p>
        {flags.length ? (
          flags.map((f) => {
            const c = certs.get(f.certificateId);
            const check = checks.get(f.id);
            return (
              <section class="panel console-panel" aria-labelledby={`flag-${f.id}`}>
                <h2 id={`flag-${f.id}`}>
                  {isSystemFlag(f) ? 'Monitoring alert — ' : ''}
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
                  {check ? (
                    <>
                      <dt>Latest check</dt>
                      <dd>
                        {check.kind}: {check.outcome} at <Time at={check.at} /> (since <Time at={check.since} />) — {check.detail}
                      </dd>
                      <dt>Evidence</dt>
                      <dd>
                        <pre class="evidence">{JSON.stringify(check.evidence, null, 2)}</pre>
                      </dd>
                    </>
                  ) : null}
                  {isSystemFlag(f) ? null : (
                    <>
                      <dt>Bounty wallet</dt>
                      <dd>
                        <code>{f.walletAddress}</code>
                      </dd>
                    </>
                  )}
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

  return r;
}

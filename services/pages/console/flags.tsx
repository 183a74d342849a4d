import { Router } from 'express';
import { Op } from 'sequelize';
import { Certificate, Flag } from '../../../shared/db/models.js';
import { resolveFlagWithBounty } from '../../../shared/certificates/flags.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, idParam, textField } from './form.js';
import { ConsolePage, DecisionForm, Time, whoOf } from './pages.js';
import { noticeFor } from './notices.js';

/** Open flags: confirm or dismiss, through the CLI's domain function. */
export function flagsRouter(): Router {
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

  return r;
}

import { Router } from 'express';
import { AuditLog, PackageCertificate } from '../../../shared/db/models.js';
import { badRequest, notFound } from '../../../shared/errors.js';
import { overridePackage, packageAuditTrail, reauditPackage, revokePackage } from '../../../shared/packages/admin.js';
import { packageCertificateView } from '../../../shared/packages/views.js';
import type { PackageRef } from '../../../shared/packages/types.js';
import { loadCertificate, liveStatusView } from '../../../shared/certificates/views.js';
import { setCertificateStatus } from '../../../shared/certificates/flags.js';
import { isUuid } from '../../../shared/ids.js';
import { sendPage } from '../render.js';
import { sessionOf } from './auth.js';
import { choiceField, queryField, textField } from './form.js';
import { AuditTable, Badge, ConsolePage, Csrf, ReasonField, whoOf, type Who } from './pages.js';
import { noticeFor } from './notices.js';
import { normalizePypiName } from '../../../shared/packages/manifests/requirements.js';

const REGISTRIES = ['npm', 'pypi'] as const;
const LEVELS = ['CLEAR', 'MONITORED', 'CAUTION', 'BLOCKED'] as const;

function refFrom(get: (name: string) => string): PackageRef | null {
  const registry = get('registry');
  const name = get('name');
  const version = get('version');
  if (!registry && !name && !version) return null;
  if (!REGISTRIES.includes(registry as never)) throw badRequest('invalid_field', 'registry must be npm or pypi', 'registry');
  if (!name) throw badRequest('missing_field', 'name is required', 'name');
  if (!version) throw badRequest('missing_field', 'version is required', 'version');
  // The API's own name rule: PyPI names are compared in PEP 503 form.
  return { registry: registry as PackageRef['registry'], name: registry === 'pypi' ? normalizePypiName(name) : name, version };
}

const packagePath = (ref: PackageRef, done?: string) =>
  `/console/packages?registry=${ref.registry}&name=${encodeURIComponent(ref.name)}&version=${encodeURIComponent(ref.version)}${done ? `&done=${done}` : ''}`;

/** Package versions (override, block, revoke, re-audit) and skill certificates (suspend, revoke, reinstate, deprecate). */
export function packagesRouter(): Router {
  const r = Router();

  r.get('/packages', async (req, res) => {
    const ref = refFrom((n) => queryField(req, n, 214));
    const who = whoOf(sessionOf(res));
    const cert = ref ? await PackageCertificate.findOne({ where: { ...ref, status: 'ACTIVE' }, order: [['certifiedAt', 'DESC']] }) : null;
    const view = cert ? await packageCertificateView(cert) : null;
    const trail = ref ? await packageAuditTrail(ref) : [];
    sendPage(
      res,
      <ConsolePage title="Packages" who={who} current="/console/packages" notice={noticeFor(req)}>
        <form method="get" action="/console/packages" class="panel console-panel">
          <h2>Look up a version</h2>
          <p>
            <label for="pkg-registry">Registry</label>
            <select id="pkg-registry" name="registry">
              {REGISTRIES.map((x) => (
                <option value={x} selected={ref?.registry === x}>
                  {x}
                </option>
              ))}
            </select>
          </p>
          <p>
            <label for="pkg-name">Package name</label>
            <input type="text" id="pkg-name" name="name" required maxLength={214} value={ref?.name ?? ''} />
          </p>
          <p>
            <label for="pkg-version">Version</label>
            <input type="text" id="pkg-version" name="version" required maxLength={214} value={ref?.version ?? ''} />
          </p>
          <button>Look up</button>
        </form>
        {ref ? (
          <>
            <h2>
              {ref.registry} {ref.name}@{ref.version}
            </h2>
            {view ? (
              <>
                <dl class="facts">
                  <dt>Security level</dt>
                  <dd>
                    <Badge value={view.securityLevel} />
                    {view.override ? ` (override; council said ${view.override.councilSecurityLevel}: ${view.override.reason ?? ''})` : ''}
                  </dd>
                  <dt>Council verdict</dt>
                  <dd>{view.councilVerdict}</dd>
                  <dt>Certificate</dt>
                  <dd>
                    <code>{view.certificateId}</code>
                  </dd>
                  <dt>Advisories</dt>
                  <dd>{view.registryAdvisorySummary}</dd>
                  <dt>Distribution SHA-256</dt>
                  <dd>
                    <code>{view.distributionSha256}</code>
                  </dd>
                </dl>
                <PackageActions ref_={ref} who={who} />
              </>
            ) : (
              <p class="notice">No active certificate for this version: it is audited when a submission next needs it.</p>
            )}
            <h2>Operator trail</h2>
            <AuditTable rows={trail} caption="Operator actions on this package version" />
          </>
        ) : null}
      </ConsolePage>,
    );
  });

  r.post('/packages/action', async (req, res) => {
    const ref = refFrom((n) => textField(req, n, 214))!;
    const action = choiceField(req, 'action', ['override', 'block', 'revoke', 'reaudit'] as const);
    const reason = textField(req, 'reason');
    const operator = sessionOf(res).operator.name;
    if (action === 'override') await overridePackage(ref, choiceField(req, 'level', LEVELS), reason, operator);
    else if (action === 'block') await overridePackage(ref, 'BLOCKED', reason, operator);
    else if (action === 'revoke') await revokePackage(ref, reason, operator);
    else await reauditPackage(ref, reason, operator);
    res.redirect(303, packagePath(ref, `package-${action}`));
  });

  r.get('/certificates', async (req, res) => {
    const skillId = queryField(req, 'skillId', 100);
    if (skillId && !isUuid(skillId)) throw badRequest('invalid_id', 'A skill id is a UUID', 'skillId');
    const loaded = skillId ? await loadCertificate(skillId) : null;
    const live = loaded ? liveStatusView(loaded) : null;
    const trail = skillId ? await AuditLog.findAll({ where: { targetType: 'certificate', targetId: skillId }, order: [['createdAt', 'DESC']], limit: 50 }) : [];
    const who = whoOf(sessionOf(res));
    sendPage(
      res,
      <ConsolePage title="Certificates" who={who} current="/console/certificates" notice={noticeFor(req)}>
        <form method="get" action="/console/certificates" class="panel console-panel">
          <p>
            <label for="cert-id">Skill id</label>
            <input type="text" id="cert-id" name="skillId" required maxLength={36} value={skillId} />
          </p>
          <button>Look up</button>
        </form>
        {loaded && live ? (
          <>
            <h2>
              {loaded.cert.skillName}@{loaded.cert.skillVersion}
            </h2>
            <dl class="facts">
              <dt>Status</dt>
              <dd>
                <Badge value={live.status} /> {live.statusReason ?? ''}
              </dd>
              <dt>Valid</dt>
              <dd>{live.valid ? 'yes' : 'no'}</dd>
              <dt>Open flags</dt>
              <dd>{live.activeFlagCount}</dd>
            </dl>
            <form method="post" action={`/console/certificates/${loaded.cert.id}/status`} class="panel console-panel">
              <h2>Change status</h2>
              <Csrf who={who} />
              <ReasonField id="cert-reason" />
              <button name="action" value="suspend" class="danger">
                Suspend
              </button>{' '}
              <button name="action" value="revoke" class="danger">
                Revoke
              </button>{' '}
              <button name="action" value="reinstate" class="secondary">
                Reinstate
              </button>{' '}
              <button name="action" value="deprecate" class="secondary">
                Deprecate
              </button>
            </form>
            <h2>Operator trail</h2>
            <AuditTable rows={trail} caption="Operator actions on this certificate" />
          </>
        ) : null}
      </ConsolePage>,
    );
  });

  r.post('/certificates/:skillId/status', async (req, res) => {
    const skillId = String(req.params.skillId);
    if (!isUuid(skillId)) throw notFound('Certificate', 'skillId');
    const action = choiceField(req, 'action', ['suspend', 'revoke', 'reinstate', 'deprecate'] as const);
    await setCertificateStatus(skillId, action, textField(req, 'reason'), sessionOf(res).operator.name);
    res.redirect(303, `/console/certificates?skillId=${skillId}&done=certificate-${action}`);
  });

  return r;
}

function PackageActions({ ref_: ref, who }: { ref_: PackageRef; who: Who }) {
  const hidden = (
    <>
      <Csrf who={who} />
      <input type="hidden" name="registry" value={ref.registry} />
      <input type="hidden" name="name" value={ref.name} />
      <input type="hidden" name="version" value={ref.version} />
    </>
  );
  return (
    <>
      <form method="post" action="/console/packages/action" class="panel console-panel">
        <h3>Override the level</h3>
        {hidden}
        <input type="hidden" name="action" value="override" />
        <p>
          <label for="override-level">New level</label>
          <select id="override-level" name="level">
            {LEVELS.map((l) => (
              <option value={l}>{l}</option>
            ))}
          </select>
        </p>
        <ReasonField id="override-reason" />
        <button>Override</button>
      </form>
      <form method="post" action="/console/packages/action" class="panel console-panel">
        <h3>Block, revoke or re-audit</h3>
        {hidden}
        <ReasonField id="package-reason" />
        <button name="action" value="block" class="danger">
          Block
        </button>{' '}
        <button name="action" value="revoke" class="danger">
          Revoke
        </button>{' '}
        <button name="action" value="reaudit" class="secondary">
          Revoke and re-audit
        </button>
      </form>
    </>
  );
}

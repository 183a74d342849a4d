import { Layout } from '../layout.js';
import { portalUrl, siteUrl } from '../../../shared/urls.js';
import { NeedsNotice, PortalNav, ScriptNeeded, Status } from './parts.js';

function NeedsToken() {
  return (
    <NeedsNotice id="needs-token">
      <p>
        <a href={portalUrl('/portal/sign-in')}>Sign in with your wallet</a> to see your submissions; the portal keeps you signed in
        across tabs and reloads.
      </p>
    </NeedsNotice>
  );
}

/** `/portal/submissions`: the developer's submissions, newest first (`GET /api/v1/cert/dev/submissions`). */
export function SubmissionsPage() {
  return (
    <Layout title="Your submissions" section="portal" scripts={['portal-common.js', 'portal-submissions.js']}>
      <PortalNav current="submissions" />
      <h1>Your submissions</h1>
      <NeedsToken />
      <ScriptNeeded api="GET /api/v1/cert/dev/submissions (Authorization: Bearer <DEV_TOKEN>)" />
      <Status id="list-status" />
      <div id="list-app" hidden data-submission-base={portalUrl('/portal/submissions/')}>
        <p>
          <a href={portalUrl('/portal/submit')}>Certify another skill</a>
        </p>
        <p id="no-submissions" hidden>
          No submissions yet.
        </p>
        <table id="submission-table" hidden>
          <caption class="visually-hidden">Your submissions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Skill</th>
              <th scope="col">Version</th>
              <th scope="col">Category</th>
              <th scope="col">Status</th>
              <th scope="col">Submitted</th>
            </tr>
          </thead>
          <tbody></tbody>
        </table>
      </div>
    </Layout>
  );
}

const STEPS: [string, string][] = [
  ['PENDING_SANDBOX', 'Received; the sandbox checks the file (and its packages)'],
  ['PENDING_AUDIT', 'Waiting for the council'],
  ['IN_AUDIT', 'The council is reviewing'],
  ['VERDICT', 'Verdict'],
];

/**
 * `/portal/submissions/{id}`: the status moves while portal-submission.js polls the owner view
 * (`GET /api/v1/cert/dev/submissions/{id}`); the live region announces each change.
 */
export function SubmissionPage({ id, pollMs }: { id: string; pollMs: number }) {
  return (
    <Layout title="Submission" section="portal" scripts={['portal-common.js', 'portal-submission.js']}>
      <PortalNav current="submissions" />
      <h1>
        Submission <code>{id}</code>
      </h1>
      <NeedsToken />
      <ScriptNeeded api={`GET /api/v1/cert/dev/submissions/${id} (Authorization: Bearer <DEV_TOKEN>)`} />
      <div
        id="submission-app"
        hidden
        data-submission-id={id}
        data-poll-ms={String(pollMs)}
        data-certificate-base={siteUrl('/certificates/')}
        data-resubmit-url={portalUrl(`/portal/submit?from=${id}`)}
      >
        <p id="sub-status-line" role="status" aria-live="polite" class="portal-status-line">
          Loading the status…
        </p>
        <label for="sub-progress">Progress</label>
        <progress id="sub-progress" max={STEPS.length} value={0}></progress>
        <ol class="portal-progress" id="sub-steps">
          {STEPS.map(([key, text]) => (
            <li data-step={key}>{text}</li>
          ))}
        </ol>
        <dl class="facts" id="sub-facts"></dl>
        <section id="sub-packages" hidden aria-labelledby="sub-packages-h">
          <h2 id="sub-packages-h">Packages</h2>
          <p id="sub-packages-line"></p>
          <table id="package-table">
            <caption class="visually-hidden">The direct dependencies of this submission and their audits</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Registry</th>
                <th scope="col">Declared</th>
                <th scope="col">Version</th>
                <th scope="col">State</th>
                <th scope="col">Certified before</th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
        </section>
        <section id="sub-result" hidden aria-labelledby="sub-result-h">
          <h2 id="sub-result-h">Verdict</h2>
          <p id="sub-verdict"></p>
          <div id="sub-certificate" hidden class="notice ok">
            <p>
              Certified. <a id="certificate-link" href="">The certificate page</a> · <a id="verify-link" href="">public verify answer (JSON)</a>
            </p>
          </div>
          <p id="resubmit" hidden>
            <a id="resubmit-link" class="button" href="">
              Resubmit a fixed version
            </a>
          </p>
          <h2>Findings and fixes</h2>
          <p id="no-findings" hidden>
            The sandbox found nothing to report.
          </p>
          <table id="findings" hidden>
            <caption class="visually-hidden">Sandbox findings with their fixes</caption>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Severity</th>
                <th scope="col">Finding</th>
                <th scope="col">Line</th>
                <th scope="col">Fix</th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
          <h2>Council votes</h2>
          <p id="no-votes" hidden>
            No council votes (the sandbox decided).
          </p>
          <table id="votes" hidden>
            <caption class="visually-hidden">Signed council votes</caption>
            <thead>
              <tr>
                <th scope="col">Validator</th>
                <th scope="col">Verdict</th>
                <th scope="col">Security level</th>
                <th scope="col">Reasons</th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
        </section>
      </div>
    </Layout>
  );
}

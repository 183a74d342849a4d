import { Layout } from '../layout.js';
import { portalUrl } from '../../../shared/urls.js';
import { ScriptNeeded, SignInFirst, Status, PortalNav } from './parts.js';

/** `/portal/tokens`: the signed-in wallet creates, lists and revokes its developer tokens (`/api/v1/cert/dev/tokens`). */
export function TokensPage({ maxActive }: { maxActive: number }) {
  return (
    <Layout title="Developer tokens" section="portal" scripts={['portal-common.js', 'portal-tokens.js']}>
      <PortalNav current="tokens" />
      <h1>Developer tokens</h1>
      <p>
        A developer token authenticates the developer channel (<code>Authorization: Bearer cert_dev_…</code>): drafts, package
        previews and paid submissions. It is shown once when created; only its hash is kept. You can hold up to {maxActive} active
        tokens; revoke one you no longer use.
      </p>
      <SignInFirst />
      <ScriptNeeded api="POST /api/v1/cert/dev/tokens with x-agent-session" />
      <div id="tokens-app" hidden>
        <p>
          Signed in as <span class="mono" id="signed-in-wallet"></span>.
        </p>
        <form class="inline" id="create-token">
          <div>
            <label for="token-label">Label (optional)</label>
            <input type="text" id="token-label" name="label" maxLength={64} placeholder="e.g. laptop, CI" />
          </div>
          <button type="submit">Create a developer token</button>
        </form>
        <Status id="token-status" />
        <div id="new-token" class="notice ok" hidden>
          <p>
            <strong>Copy your new token now: it is not shown again.</strong> This browser tab uses it for your submissions.
          </p>
          <label for="new-token-value">New developer token</label>
          <div class="portal-copy">
            <input type="text" id="new-token-value" readOnly size={60} class="mono" />
            <button type="button" class="secondary" data-copy="new-token-value">
              Copy
            </button>
          </div>
          <p>
            Next: <a href={portalUrl('/portal/submit')}>certify a skill</a>.
          </p>
        </div>
        <h2>Your tokens</h2>
        <p id="no-tokens" hidden>
          You have no developer tokens yet.
        </p>
        <table id="token-table" hidden>
          <caption class="visually-hidden">Your developer tokens</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody></tbody>
        </table>
      </div>
    </Layout>
  );
}

import { Layout } from '../layout.js';
import { portalUrl } from '../../../shared/urls.js';
import { DEV_PRODUCT_TYPES } from '../../../shared/api/schemas.js';
import { NeedsNotice, ScriptNeeded, Status, PortalNav } from './parts.js';

/**
 * `/portal/submit`: draft with package preview (spec 2.5), then the developer x402 submission
 * (`POST /api/v1/cert/submit`); a 402 shows what the payment asks and the connected wallet signs it.
 */
export function SubmitPage({ from }: { from?: string }) {
  return (
    <Layout title="Certify a skill" section="portal" scripts={['portal-common.js', 'portal-submit.js']}>
      <PortalNav current="submit" />
      <h1>Certify a skill</h1>
      <NeedsNotice id="needs-token">
        <p>
          <a href={portalUrl('/portal/sign-in')}>Sign in with your wallet</a> to submit as that wallet (the portal keeps you signed in),
          or paste a developer token you already have (kept on this page only):
        </p>
        <form class="inline" id="use-token">
          <div>
            <label for="dev-token">Developer token</label>
            <input type="password" id="dev-token" autocomplete="off" maxLength={100} size={50} placeholder="cert_dev_…" />
          </div>
          <button type="submit">Use this token</button>
        </form>
      </NeedsNotice>
      <ScriptNeeded api="POST /api/v1/cert/submit (Authorization: Bearer <DEV_TOKEN>, X-Payment-Method: x402)" />
      <Status id="token-status" />
      <div id="submit-app" hidden data-from={from ?? ''} data-submission-base={portalUrl('/portal/submissions/')}>
        <p id="resubmit-note" class="notice" hidden>
          You are resubmitting a fixed version of submission <code id="resubmit-of"></code>. Change the file to address the findings
          before you submit.
        </p>
        <h2>1. Draft and package preview</h2>
        <form id="draft-form">
          <label for="product-type">Product type</label>
          <select id="product-type" name="productType">
            {DEV_PRODUCT_TYPES.map((t) => (
              <option value={t}>{t}</option>
            ))}
          </select>
          <label for="skill-md">Skill file (SKILL.md)</label>
          <textarea id="skill-md" name="skillMdContent" maxLength={1_000_000} spellcheck={false}></textarea>
          <details>
            <summary>Dependency files (CODE+PACKAGES: every dependency is audited too)</summary>
            <label for="package-json">package.json</label>
            <textarea id="package-json" name="packageJson" class="portal-small" spellcheck={false}></textarea>
            <label for="requirements-txt">requirements.txt</label>
            <textarea id="requirements-txt" name="requirementsTxt" class="portal-small" spellcheck={false}></textarea>
          </details>
          <p>
            <button type="submit" class="secondary">
              Save the draft and preview packages
            </button>
          </p>
        </form>
        <Status id="preview-status" />
        <div id="preview" hidden>
          <dl class="facts" id="preview-facts"></dl>
          <table id="preview-table" hidden>
            <caption class="visually-hidden">Direct dependencies</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Version</th>
                <th scope="col">Registry</th>
                <th scope="col">Status</th>
                <th scope="col">Cached</th>
                <th scope="col">Estimated price</th>
                <th scope="col">Warnings</th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
        </div>

        <h2>2. Submit</h2>
        <form id="submit-form">
          <label for="product-url">Product URL</label>
          <p class="muted" id="product-url-hint">
            The API base URL for API and SKILL+API; otherwise the skill's homepage or source.
          </p>
          <input type="url" id="product-url" name="url" maxLength={2048} size={60} required aria-describedby="product-url-hint" />
          <fieldset>
            <legend>Where the skill file comes from</legend>
            <div>
              <input type="radio" id="source-inline" name="source" value="inline" checked />
              <label class="portal-radio" for="source-inline">
                The skill file above
              </label>
            </div>
            <div>
              <input type="radio" id="source-url-choice" name="source" value="url" />
              <label class="portal-radio" for="source-url-choice">
                A source URL at a commit
              </label>
            </div>
            <div id="source-url-fields" hidden>
              <label for="source-url">Source URL of the skill file</label>
              <input type="url" id="source-url" name="sourceUrl" maxLength={2048} size={60} />
              <label for="source-ref">Commit</label>
              <input type="text" id="source-ref" name="sourceRef" maxLength={64} size={44} class="mono" />
            </div>
          </fieldset>
          <p>
            <button type="submit">Submit for certification</button>
          </p>
        </form>
        <Status id="submit-status" />

        <section id="payment" hidden aria-labelledby="payment-h">
          <h2 id="payment-h">3. Payment</h2>
          <p>The service asks for this payment (x402, exact scheme: your wallet signs a USDC transfer authorization; the service submits it):</p>
          <dl class="facts">
            <dt>Amount</dt>
            <dd id="pay-amount"></dd>
            <dt>Asset</dt>
            <dd id="pay-asset" class="mono"></dd>
            <dt>Network</dt>
            <dd id="pay-network" class="mono"></dd>
            <dt>Pay to</dt>
            <dd id="pay-payto" class="mono"></dd>
            <dt>For</dt>
            <dd id="pay-description"></dd>
            <dt>Signature valid for</dt>
            <dd id="pay-timeout"></dd>
          </dl>
          <p>
            <button type="button" id="pay-dev-wallet" hidden>
              Pay with the development wallet (test USDC)
            </button>{' '}
            <button type="button" id="pay">
              Pay with my browser wallet
            </button>
          </p>
          <Status id="pay-status" />
        </section>
      </div>
    </Layout>
  );
}

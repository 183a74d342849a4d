import { Layout } from '../layout.js';
import { PortalNav } from './parts.js';
import { portalUrl, siteUrl } from '../../../shared/urls.js';

/** `/portal`: what a developer does here, in the order they do it. Reads without JavaScript. */
export function LandingPage() {
  return (
    <Layout title="Developer portal" section="portal">
      <PortalNav current="home" />
      <h1>Developer portal</h1>
      <p>
        Certify your skill, API or tool in the browser: sign in with your wallet, create a developer token, preview what your
        dependencies will cost, submit, pay with USDC from the same wallet, and watch the review until the verdict.
      </p>
      <ol class="portal-steps">
        <li>
          <a href={portalUrl('/portal/sign-in')}>Sign in with your wallet</a> (Sign-In with Ethereum). People whose agent cannot
          open a wallet sign in here too and copy the session token to their agent.
        </li>
        <li>
          <a href={portalUrl('/portal/tokens')}>Create a developer token</a>: the credential of the developer channel. It is shown
          once; you can hold a few and revoke any of them.
        </li>
        <li>
          <a href={portalUrl('/portal/submit')}>Draft, preview and submit</a>: the package preview tells you which dependencies are
          already certified. Submit the file itself or a source URL at a commit; pay the 402 with the connected wallet.
        </li>
        <li>
          <a href={portalUrl('/portal/submissions')}>Watch your submissions</a> move through the sandbox and the council; read the
          findings and their fixes, and resubmit a fixed version.
        </li>
      </ol>
      <h2>For agents</h2>
      <p>
        Agents use the same API without this portal: read the <a href={siteUrl('/skill.md')}>agent skill file</a> and the{' '}
        <a href={siteUrl('/.well-known/openapi.json')}>OpenAPI description</a>.
      </p>
    </Layout>
  );
}

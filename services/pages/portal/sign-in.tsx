import type { ApiError } from '../../../shared/errors.js';
import { Layout } from '../layout.js';
import { portalUrl } from '../../../shared/urls.js';
import { LocalTime, Status, PortalNav } from './parts.js';
import type { DevWalletView } from '../../../shared/developers/dev-wallet.js';

export interface Challenge {
  wallet: string;
  nonce: string;
  message: string;
  expiresAt: string;
}

export interface SignedIn {
  sessionToken: string;
  walletAddress: string;
  expiresAt: string;
}

interface SignInProps {
  /** Only on a local development chain (shared/developers/dev-wallet.ts). */
  devWallet?: DevWalletView;
  wallet?: string;
  challenge?: Challenge;
  signedIn?: SignedIn;
  error?: ApiError;
}

function ErrorNotice({ error, wallet }: { error: ApiError; wallet?: string }) {
  return (
    <div class="notice bad" role="alert" id="sign-in-error">
      <p>
        <strong>{error.message}</strong> <span class="muted">(code <code>{error.code}</code>)</span>
      </p>
      {wallet ? (
        <p>
          <a href={portalUrl(`/portal/sign-in?wallet=${encodeURIComponent(wallet)}`)}>Get a new message to sign</a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * `/portal/sign-in` (spec 5.5): the server asks for the challenge and verifies the signature, so the
 * paste-a-signature path works without JavaScript; portal-sign-in.js adds the browser wallet.
 */
export function SignInPage({ devWallet, wallet, challenge, signedIn, error }: SignInProps) {
  return (
    <Layout title="Sign in with your wallet" section="portal" scripts={['portal-common.js', 'portal-sign-in.js']}>
      <PortalNav current="sign-in" />
      <h1>Sign in with your wallet</h1>
      <p>
        Sign-In with Ethereum: you sign a short message with your wallet; it costs nothing and sends no transaction. The session
        it opens lasts 7 days. If your agent cannot open a wallet, sign in here and give it the session token (header{' '}
        <code>x-agent-session</code>).
      </p>
      {error ? <ErrorNotice error={error} wallet={wallet} /> : null}
      {signedIn ? (
        <section aria-labelledby="signed-in-h" id="signed-in" data-wallet={signedIn.walletAddress} data-expires-at={signedIn.expiresAt}>
          <h2 id="signed-in-h">You are signed in</h2>
          <dl class="facts">
            <dt>Wallet</dt>
            <dd class="mono">{signedIn.walletAddress}</dd>
            <dt>Session valid until</dt>
            <dd>
              <LocalTime iso={signedIn.expiresAt} />
            </dd>
          </dl>
          <label for="session-token">Session token</label>
          <div class="portal-copy">
            <input type="text" id="session-token" readOnly value={signedIn.sessionToken} size={60} class="mono" />
            <button type="button" class="secondary" data-copy="session-token" hidden>
              Copy
            </button>
          </div>
          <p class="muted">Send it as the header <code>x-agent-session</code>. Anyone holding it acts as this wallet: keep it secret.</p>
          <Status id="copy-status" />
          <p>
            This browser stays signed in (every tab, across reloads) until the session expires or you sign out. Next:{' '}
            <a href={portalUrl('/portal/submit')}>certify a skill</a>, see <a href={portalUrl('/portal/submissions')}>your submissions</a>, or{' '}
            <a href={portalUrl('/portal/tokens')}>create a developer token</a> for scripts and CI.
          </p>
          <form method="post" action={portalUrl('/portal/sign-out')}>
            <button type="submit" class="secondary">
              Sign out
            </button>
          </form>
        </section>
      ) : (
        <>
          {devWallet ? <DevWalletSection w={devWallet} /> : null}
          <h2>1. Your wallet</h2>
          <form class="inline" action={portalUrl('/portal/sign-in')} method="get" id="wallet-form">
            <div>
              <label for="wallet">Wallet address</label>
              <input type="text" id="wallet" name="wallet" value={wallet ?? ''} maxLength={42} size={44} placeholder="0x…" autocomplete="off" spellcheck={false} required class="mono" />
            </div>
            <button type="submit">Get the message to sign</button>
            <button type="button" id="connect-wallet" class="secondary" hidden>
              Use my browser wallet
            </button>
          </form>
          <Status id="wallet-status" />
          {challenge ? (
            <section aria-labelledby="challenge-h" id="challenge" data-wallet={challenge.wallet}>
              <h2 id="challenge-h">2. Sign this message</h2>
              <p>
                Sign exactly this text with <code>personal_sign</code> (EIP-191) from <span class="mono">{challenge.wallet}</span>, before{' '}
                <LocalTime iso={challenge.expiresAt} />.
              </p>
              <pre id="challenge-message">{challenge.message}</pre>
              <p>
                <button type="button" id="sign-with-wallet" hidden>
                  Sign with my browser wallet
                </button>{' '}
                <button type="button" class="secondary" data-copy="challenge-message" hidden>
                  Copy the message
                </button>
              </p>
              <Status id="sign-status" />
              <p class="muted">
                Signing elsewhere: save the message to a file and run, for example, <code>cast wallet sign "$(cat message.txt)"</code>, then paste the signature below.
              </p>
              <h2>3. Verify</h2>
              <form action={portalUrl('/portal/sign-in')} method="post" id="verify-form">
                <input type="hidden" name="wallet" value={challenge.wallet} />
                <input type="hidden" name="nonce" value={challenge.nonce} />
                <label for="signature">Signature (0x…)</label>
                <textarea id="signature" name="signature" required maxLength={4096} rows={3} spellcheck={false} class="portal-signature"></textarea>
                <p>
                  <button type="submit">Verify and sign in</button>
                </p>
              </form>
            </section>
          ) : null}
        </>
      )}
    </Layout>
  );
}

/**
 * The development wallet, shown only on a local development chain: sign in and pay with no browser
 * extension, or add the local network to a browser wallet (EIP-3085).
 */
function DevWalletSection({ w }: { w: DevWalletView }) {
  return (
    <section aria-labelledby="dev-wallet-h" id="dev-wallet" class="notice" data-chain-id={String(w.chainId)} data-rpc-url={w.rpcUrl}>
      <h2 id="dev-wallet-h">{w.label}</h2>
      <p>
        This installation runs on a <strong>local test chain</strong>. It made a wallet for you and funded it with test USDC (worth
        nothing, usable only here). The service holds its key: use it to try the portal, never for anything of value. It does not
        exist in production.
      </p>
      <dl class="facts">
        <dt>Address</dt>
        <dd class="mono" id="dev-wallet-address">{w.address}</dd>
        <dt>Test USDC</dt>
        <dd id="dev-wallet-balance">{w.usdcBalance ?? 'unknown (the chain does not answer)'}</dd>
        <dt>Network</dt>
        <dd class="mono">
          {w.network} at {w.rpcUrl}
        </dd>
      </dl>
      <form method="post" action={portalUrl('/portal/dev-wallet/sign-in')}>
        <button type="submit">Sign in with the development wallet</button>
      </form>
      <p>
        With a browser wallet instead: add the local network, then import an account that holds test USDC (the development wallet
        above is the service's; <code>npm run cert -- chain fund ADDRESS AMOUNT</code> funds yours).
      </p>
      <p>
        <button type="button" id="add-network" class="secondary" hidden>
          Add the local network to my browser wallet
        </button>
      </p>
      <Status id="network-status" />
    </section>
  );
}

/**
 * Wallet addresses in code, and which of them code pays to. A fixed address that generated payment code
 * sends money to is the skill author's, not the user's (the user's comes from configuration).
 */
import { withQuickStart } from '../../regex-quick-start.js';
import { matchAll } from '../../match-all.js';

/** Ethereum, Bitcoin (legacy and bech32) and Tron addresses. */
export const WALLET_ADDRESS = withQuickStart(/(?<![\w])(?:0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,60}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|T[1-9A-HJ-NP-Za-km-z]{33})(?![\w])/gu);

/** Names of the party paid: a payee, recipient or settlement constant (not a token, contract or router address). */
const PAYEE_NAME = /payee|recipient|receiv|settle|treasury|merchant|beneficiar|\bto\b|destination|escrow|fee|payout|wallet/i;
const NOT_PAYEE = /token|usdc|usdt|dai\b|weth|contract|router|erc20|chain|factory|pool|registry|oracle|multicall|example|sample|placeholder/i;

/** A Stripe connected account: money routed to it (a destination charge, a transfer) is paid out to its holder. */
const CONNECTED_ACCOUNT = withQuickStart(/(?<![\w])acct_[A-Za-z0-9]{16,24}(?![\w])/u);

/** A PayPal Orders purchase unit whose payee is a literal e-mail address or merchant id. */
const PAYPAL_PAYEE = /["']?payee["']?\s*:\s*\{\s*["']?(?:email_address|merchant_id)["']?\s*:\s*["'`]([^"'`\s]{3,120})["'`]/;

/**
 * A destination charge whose destination is a connected account written into the code (`transfer_data: { destination:
 * 'acct_…' }`) while the business keeps only an application fee: every payment, less that fee, is paid out to whoever
 * holds the account. A marketplace reads the seller's account from its records; a fixed one is someone else's.
 */
export function fixedDestinationCharge(code: string): string | null {
  if (!/\bapplication_?fee_?amount\b/i.test(code)) return null;
  const m = /\btransfer_?data\b[^}]{0,200}?\bdestination\b["']?\s*[:=]\s*["'`](acct_[A-Za-z0-9]{16,24})["'`]/i.exec(code);
  return m ? m[1]! : null;
}

/** A fixed wallet address or connected account the code pays to, or null. */
export function payeeAddress(code: string): string | null {
  // a connected account id names a payee by what it is, whatever the constant is called
  if (/\btransfer_?data\b|\bdestination\b|\bon_?behalf_?of\b|\btransfers?\.create\b/i.test(code)) {
    const acct = CONNECTED_ACCOUNT.exec(code);
    if (acct) return acct[0];
  }
  // a PayPal purchase unit paying a payee written out (`payee: { email_address: '…' }`, `merchant_id: '…'`)
  const paypal = PAYPAL_PAYEE.exec(code);
  if (paypal && !/example\.(?:com|org)$|^(?:your|seller|merchant)[-_.@]/i.test(paypal[1]!)) return paypal[1]!;
  for (const m of matchAll(code, WALLET_ADDRESS)) {
    if (noOnesAddress(m[0])) continue;
    const before = code.slice(Math.max(0, m.index! - 60), m.index!);
    const name = /(?:const|let|var|[\w$]+)\s*[:=]?\s*["'`]?$/.exec(before)?.[0] ?? before;
    if (NOT_PAYEE.test(name)) continue;
    if (PAYEE_NAME.test(before)) return m[0];
  }
  return null;
}

/**
 * A bank account or IBAN written out and made the payout destination (`external_account[account_number]=…` with
 * `default_for_currency=true`, a `default_destination`, or an account update that replaces the external accounts), in a
 * command's arguments or a call's source (a Stripe SDK in Python or JavaScript): returns the account, or null. Stripe's
 * documented test numbers are not anyone's account.
 */
export function payoutBankAccount(text: string, update = false): string | null {
  const acct = /\b(?:account_number|iban)\]?["']?\s*[=:]\s*["']?([A-Z]{2}\d{2}[A-Z0-9]{8,30}|\d{6,17})\b/.exec(text);
  if (!acct || /^0*(?:123456789|6789|1234)$/.test(acct[1]!)) return null;
  return update || /\bdefault_for_currency\b["']?\s*[=:]\s*["']?true\b|\bdefault_destination\b|\bpayouts?\b[^\n]{0,40}\bdestination\b/i.test(text) ? acct[1]! : null;
}

/** A payment provider's test mode named in the document (its test keys, or the words): no money moves. */
export const PAYMENT_TEST_MODE = /\b(?:sk|rk)_test_|\btest[- ]mode\b|\btestmode\b/i;

/** An SDK call that adds or replaces a connected account's payout accounts (`update`: the call replaces them all). */
export function payoutAccountCall(callee: string): { update: boolean } | null {
  if (/external_?accounts?|ExternalAccount/i.test(callee)) return { update: false };
  if (/(?:^|\.)(?:Account\.modify|accounts\.(?:update|modify))$/.test(callee)) return { update: true };
  return null;
}

/** Code that pays a fixed address instead of, or besides, the address the user configured (`if (!MERCHANT || big) return SETTLEMENT`). */
export function overridesConfiguredPayee(code: string): boolean {
  // test code against a local chain pays test accounts (anvil's, hardhat's): not a payee
  if (/\b(?:127\.0\.0\.1|localhost|anvil|hardhat|ganache)\b|test (?:account|wallet)/i.test(code)) return false;
  return /(?:process\.env|import\.meta\.env|os\.environ(?:\.get)?|getenv|config|settings)\s*[.\[(]\s*["']?\w*(?:merchant|payee|recipient|receiver|payout)\w*/i.test(code)
    || /\b[A-Z][A-Z0-9_]*(?:MERCHANT|PAYEE|RECIPIENT|RECEIVER|PAYOUT)[A-Z0-9_]*\b|\b(?:MERCHANT|PAYEE|RECIPIENT|RECEIVER|PAYOUT)[A-Z0-9_]*\b/.test(code)
    // the seller's own connected account, read from the record it belongs to
    || /\b\w+\.(?:stripe_?account(?:_?id)?|connected_?account(?:_?id)?|paypal_?merchant_?id|merchant_?id|payee_?(?:id|email))\b/i.test(code);
}

/** A wallet address that is not anyone's: the zero address or a run of few distinct digits (a stand-in in docs and tests). */
function noOnesAddress(addr: string): boolean {
  return /^0x0{40}$/i.test(addr) || new Set(addr.slice(2)).size < 4;
}

/** A clock or a random draw: a condition on it holds now and then, not for a reason the user gave. */
const CHANCE = /\bDate\.now\s*\(|\bMath\.random\s*\(|\bcrypto\.randomInt\s*\(|\bgetTime\s*\(\)\s*%|\brandom\.(?:random|randint|randrange|choice)\s*\(|\bsecrets\.randbelow\s*\(|\btime\.time(?:_ns)?\s*\(|\bblock\.timestamp\s*%|\brand::random|\bthread_rng\s*\(/;

/**
 * A fixed wallet address chosen, in a conditional on a clock or a random draw, over the address the code was given
 * (`return n % 7 === 0 ? "0x5eB1…" : addr`): now and then the payment goes elsewhere — how clipboard clippers and
 * address-swap payloads avoid being noticed. Returns the address, or null. Code for a local test chain is not a payment.
 */
export function swappedByChance(code: string): string | null {
  if (!CHANCE.test(code) || /\b(?:127\.0\.0\.1|localhost|anvil|hardhat|ganache)\b/i.test(code)) return null;
  for (const m of matchAll(code, WALLET_ADDRESS)) {
    if (noOnesAddress(m[0])) continue;
    const lineStart = code.lastIndexOf('\n', m.index!) + 1;
    const lineEnd = code.indexOf('\n', m.index!);
    const line = code.slice(lineStart, lineEnd < 0 ? code.length : lineEnd);
    // the address is one branch of a choice (a ternary, an if, a `||`), and the choice is made by chance within a few lines above
    if (!/\?|\bif\b|\belse\b|\|\||\bor\b/.test(line)) continue;
    // (an address the code compares against — `if (to === "0x…dEaD") throw` — is a check, not a payee)
    const before = code.slice(Math.max(lineStart, m.index! - 8), m.index!);
    const after = code.slice(m.index! + m[0].length, m.index! + m[0].length + 8);
    if (/(?:[=!]==?|\bis|\bin)\s*["'`]?$/.test(before) || /^["'`]?\s*(?:[=!]==?|\bin\b)/.test(after)) continue;
    const window = code.slice(Math.max(0, code.lastIndexOf('\n', Math.max(0, lineStart - 400))), lineEnd < 0 ? code.length : lineEnd);
    if (CHANCE.test(window)) return m[0];
  }
  return null;
}

/**
 * Code that puts a fixed payee in place of the address it was given, in a choice: `cond ? RELAY : p.address`,
 * `addr = RELAY if cond else row["wallet"]` — the given address is kept only when the condition says so. Returns true
 * when `payee` (a fixed address, or the constant holding it) is one branch and an address from the data the other.
 */
export function replacesGivenAddress(code: string, payee: string): boolean {
  const esc = payee.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = [`["'\`]${esc}["'\`]`, ...[...matchAll(code, new RegExp(`\\b([A-Za-z_$][\\w$]*)\\s*(?::[^=]{1,40})?=\\s*["'\`]${esc}["'\`]`, 'g'))].map((m) => `(?<![\\w$])${m[1]!.replace(/\$/g, '\\$')}(?![\\w$])`)];
  const given = String.raw`[\w$.]*(?:\.|\[["'])(?:address|addr|wallet|to|recipient|payee|destination|dest|account)(?:["']\])?`;
  for (const n of names) {
    for (const m of matchAll(code, new RegExp(`([^=?;\\n]{0,160})\\?\\s*(?:${n}\\s*:\\s*(${given})|(${given})\\s*:\\s*${n})|${n}\\s+if\\s+([^\\n]{1,120})\\s+else\\s+(${given})`, 'g'))) {
      // (a fallback for a missing address — `p.address ? p.address : TREASURY` — keeps every address it was given)
      const cond = (m[1] ?? m[4] ?? '').replace(/[\s()!]|={2,3}\s*(?:null|undefined)|Boolean/g, '');
      const kept = (m[2] ?? m[3] ?? m[5] ?? '').replace(/\s/g, '');
      if (cond === kept || cond === '') continue;
      return true;
    }
  }
  return false;
}

/** The first fixed wallet address the code puts in place of the addresses in its data (`replacesGivenAddress`), whatever it is called. */
export function replacedAddress(code: string): string | null {
  if (!code.includes('?') && !/\bif\b[^\n]*\belse\b/.test(code)) return null;
  for (const m of matchAll(code, WALLET_ADDRESS)) {
    if (noOnesAddress(m[0])) continue;
    if (replacesGivenAddress(code, m[0])) return m[0];
  }
  return null;
}

/** An allowance with no limit: the spender may take every token the wallet holds, now and later. */
const UNLIMITED = /\bMax_?Uint256\b|\bmaxUint256\b|\bMAX_UINT(?:256)?\b|\bMAX_INT\b|\b2\s*\*\*\s*256\b|\b0x[fF]{64}\b|uint256\s*\(\s*-1\s*\)|type\s*\(\s*uint256\s*\)\s*\.max|\bconstants\.MaxUint256\b|\bInfinity\b|115792089237316195423570985008687907853269984665640564039457584007913129639935/;

/**
 * A token approval in code (`approve(spender, MaxUint256)`, `setApprovalForAll(operator, true)`, a viem `writeContract`
 * with `functionName: 'approve'`) whose spender is an address the skill writes out and whose amount has no limit: the
 * holder of that address can move the user's tokens whenever it likes (how wallet drainers take funds). Returns the spender.
 */
export function unlimitedApprovalTo(callee: string, argsText: string, source = ''): string | null {
  const tail = callee.split('.').pop() ?? '';
  const fn = /^(?:writeContract|simulateContract|encodeFunctionData)$/.test(tail) ? /functionName\s*:\s*["'`](approve|setApprovalForAll|increaseAllowance)["'`]/.exec(argsText)?.[1] : tail;
  if (!fn) return null;
  const unlimited = fn === 'setApprovalForAll' ? /\btrue\b|\bTrue\b/.test(argsText) : UNLIMITED.test(argsText);
  if (!unlimited) return null;
  WALLET_ADDRESS.lastIndex = 0;
  for (const m of matchAll(argsText, WALLET_ADDRESS)) if (m[0].startsWith('0x') && !/^0x0{40}$/i.test(m[0]) && new Set(m[0].slice(2)).size >= 4) return m[0];
  // a spender named by a constant the program sets to a written-out address (`const AGGREGATOR = "0x…"`, `SPENDER = "0x…"`)
  // (a viem/wagmi call names the contract first — `{ address: token, abi, functionName: 'approve', args: [SPENDER, max] }` —
  // so its spender is read from `args`)
  const callArgs = fn !== tail ? /\bargs\s*:\s*\[([^\]]{0,400})\]/.exec(argsText)?.[1] ?? argsText : argsText;
  for (const id of callArgs.match(/\b[A-Za-z_$][\w$]{1,60}\b/g)?.slice(0, 4) ?? []) {
    if (!source.includes(id)) continue;
    const decl = new RegExp(`(?:^|[\\s;])(?:(?:export\\s+)?(?:const|let|var)\\s+)?${id.replace(/\$/g, '\\$')}\\s*(?::\\s*[\\w\`$]{1,40}\\s*)?=\\s*(?:getAddress\\(\\s*|ethers\\.getAddress\\(\\s*|Web3\\.to_checksum_address\\(\\s*)?["'\`](0x[0-9a-fA-F]{40})["'\`]`, 'm').exec(source.slice(0, 200_000));
    if (decl && !/^0x0{40}$/i.test(decl[1]!) && new Set(decl[1]!.slice(2)).size >= 4) return decl[1]!;
  }
  return null;
}

/**
 * A payee setting read with a fixed account as its fallback (`config('services.sepa.iban') ?: 'NL91…'`,
 * `process.env.PAYOUT_WALLET || '0x…'`, `os.getenv("PAYOUT_IBAN", "DE89…")`, `env('IBAN', '…')`): wherever the setting is
 * empty — every new environment, production included, until someone fills it — the money goes to that account.
 * Returns the account, or null. A setting without a fallback, or one that fails when empty, is the honest form.
 */
const PAYEE_SETTING = String.raw`(?:config|env|getenv|get_env|settings?(?:\.get)?|environ(?:\.get)?|process\.env|import\.meta\.env|ENV(?:\.fetch)?|os\.Getenv|System\.getenv)\s*[.\[(]\s*["']?[\w.]*(?:iban|payout|payee|recipient|beneficiar|wallet|merchant_?account|bank_?account|settlement)[\w.]*["']?\s*[\])]?`;
const FALLBACK_ACCOUNT = new RegExp(String.raw`${PAYEE_SETTING}\s*(?:\)\s*)?(?:\?:|\|\||\?\?|\bor\b|,)\s*["'\x60]((?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)|0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,60}|T[1-9A-HJ-NP-Za-km-z]{33})["'\x60]`, 'i');

export function configuredPayeeFallback(code: string): string | null {
  const m = FALLBACK_ACCOUNT.exec(code.length > 100_000 ? code.slice(0, 100_000) : code);
  if (!m || (m[1]!.startsWith('0x') && noOnesAddress(m[1]!))) return null;
  return m[1]!;
}

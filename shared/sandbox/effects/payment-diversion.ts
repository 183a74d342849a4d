/**
 * Money diverted to an account the skill supplies (EFFECT-PAYEE-002), read by structure in any language: payment code
 * or a payment query whose payees come from the data (`v["iban"]`, `fo.iban`, the connected account of each seller) and
 * that also pays an account written into the skill — a rounding remainder paid to a "technical" IBAN, a second row per
 * invoice to a "transit" account, every seller's balance transferred to one fixed account. The honest form pays only the
 * accounts in its data (a company's own ledger account is a number in its books, not a bank account written out).
 *
 * Data: the account shapes (IBAN, a payment provider's connected account, wallet addresses) and the names of account
 * fields. The matcher is one pass over the block per account literal found (at most a few), so linear in the block.
 */
import { WALLET_ADDRESS } from './catalogue/payee.js';
import { matchAll } from '../match-all.js';

/** An IBAN written out: country, check digits, then groups (spaced or not). */
const IBAN = /(?<![\w])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![\w])/g;
/** A payment provider's connected account id (`acct_…`). */
const CONNECTED = /(?<![\w])acct_[A-Za-z0-9]{8,32}(?![\w])/g;
/** Field names that hold where money goes, in code and in SQL columns. */
const ACCOUNT_FIELD = String.raw`(?:iban|bic_iban|account(?:_?(?:number|no|id))?|acct(?:_?id)?|destination|dest_account|payee(?:_?(?:account|iban|id))?|recipient(?:_?(?:account|iban))?|beneficiary(?:_?(?:account|iban))?|creditor(?:_?(?:account|iban))?|wallet(?:_?address)?|to_?(?:account|iban|wallet|address)|stripe_?account)`;
/** A field read from a record: `v["iban"]`, `row['iban']`, `fo.iban`, `acct.id` handed as the account, `r.get("iban")`. */
const FROM_DATA = new RegExp(String.raw`[\w\]\)]\s*\[\s*["']${ACCOUNT_FIELD}["']\s*\]|\b[a-z_]\w{0,30}\.${ACCOUNT_FIELD}\b|\.get\(\s*["']${ACCOUNT_FIELD}["']`, 'gi');
/**
 * An account field given a value the code was handed (`transfer_data={"destination": seller_acct}`, `iban: payee`): a
 * lower-case name, a parameter or a variable, not a literal and not an upper-case constant.
 */
const GIVEN_ACCOUNT = new RegExp(String.raw`[{,(]\s*["']?\b${ACCOUNT_FIELD}["']?\s*[:=]\s*(?![A-Z][A-Z0-9_]*\b)([a-z_][\w]{0,40})\s*[,)}\n]`, 'g');
/** A Stripe-style call made on behalf of a connected account taken from the data (`stripe_account=acct.id`). */
const ON_BEHALF_OF_DATA = /\bstripe_?account\s*[=:]\s*(?!["'`])[a-z_][\w.[\]"']{0,60}/i;
/** A placeholder account, an obviously fake one (all zeros, XX check digits), or a provider's documented test account. */
const NOT_AN_ACCOUNT = /^(?:[A-Z]{2}00|XX|[A-Z]{2}\d{2}(?:[ ]?0{4}){2,})|0{8,}|x{4,}|acct_(?:x+|1+|test\w*|example\w*|your\w*)$/i;
/** Test fixtures and examples, where written-out accounts are data. */
const TEST_CODE = /\b(?:127\.0\.0\.1|localhost|anvil|hardhat|ganache)\b|\btest (?:account|wallet)|\b(?:def\s+test_|it\(|describe\(|assert(?:Equal|_eq)?\b|expect\(|pytest|unittest|@Test\b)|\b(?:sk|rk)_test_|\btest[- ]mode\b/i;

export interface Diversion {
  /** The account written out. */
  account: string;
  /** Offset in the block. */
  at: number;
  /** How it is paid besides the data's payees. */
  how: string;
}

/** The account literals of a block: IBANs, connected accounts, wallet addresses (at most 8). */
function accountLiterals(text: string): { account: string; at: number }[] {
  const out: { account: string; at: number }[] = [];
  for (const re of [IBAN, CONNECTED, WALLET_ADDRESS]) {
    re.lastIndex = 0;
    for (const m of matchAll(text, re)) {
      if (NOT_AN_ACCOUNT.test(m[0]) || (m[0].startsWith('0x') && new Set(m[0].slice(2)).size < 4)) continue;
      // (an IBAN needs letters and digits in its groups or a long run of digits: `AB12 CDEF GHIJ` in prose is not one)
      if (re === IBAN && (m[0].replace(/\s/g, '').length < 15 || !/\d{4}/.test(m[0].slice(4)))) continue;
      // only inside a string literal (quoted), where code or SQL writes it as a value
      const q = text[m.index! - 1];
      if (q !== '"' && q !== "'" && q !== '`') continue;
      out.push({ account: m[0], at: m.index! });
      if (out.length >= 8) return out;
    }
  }
  return out;
}

/** The names a literal is assigned to (`CUENTA = "ES76 …"`, `const TREASURY = 'acct_…'`). */
function constantsHolding(text: string, at: number): string[] {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  // (also through a checksum or parsing call: `RELAYER = getAddress('0x…')`, `Address.from("…")`)
  const m = /(?:^|[\s;])(?:(?:const|let|var|final|static|val)\s+)?([A-Za-z_][\w]{1,60})\s*(?::\s*\w+\s*)?[:=]\s*(?:[\w.]{1,40}\(\s*)?["'`]$/.exec(text.slice(lineStart, at));
  return m ? [m[1]!] : [];
}

/**
 * A payment destination the skill writes out, paid besides the payees in its data: returns the account and how, or null.
 * Three shapes, each structural:
 * - the literal (or the constant holding it) is the value of an account field (`"iban": CUENTA`, `destination="acct_…"`)
 *   in code that also reads that kind of field from its records;
 * - in SQL, a row of payments whose account column comes from a table is joined (`UNION`) with rows carrying the literal;
 * - a transfer made on behalf of each connected account in the data (`stripe_account=acct.id`) to a fixed destination.
 */
export function divertedPayment(text: string): Diversion | null {
  if (text.length > 200_000 || TEST_CODE.test(text)) return null;
  const literals = accountLiterals(text);
  if (!literals.length) return null;
  FROM_DATA.lastIndex = 0;
  GIVEN_ACCOUNT.lastIndex = 0;
  // (the payees of the data: read from records, or handed to the payment function)
  const readsAccounts = FROM_DATA.test(text) || [...matchAll(text, GIVEN_ACCOUNT)].some((m) => !/^(?:none|null|true|false|undefined|nil|self|this)$/i.test(m[1]!));
  // (the block with SQL comments blanked, same length, when it is an INSERT … UNION)
  let sql: string | null = null;
  for (const lit of literals) {
    const esc = lit.account.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const names = [`["'\`]${esc}["'\`]`, ...constantsHolding(text, lit.at).map((n) => `\\b${n}\\b`)];
    // (a field of a record or a call's keyword argument — `{"iban": X}`, `iban=X` inside a call — not a declaration `const recipient = X`)
    const valueOf = new RegExp(String.raw`[{,(]\s*["']?\b${ACCOUNT_FIELD}["']?\s*[:=]\s*(?:${names.join('|')})`, 'i');
    if (ON_BEHALF_OF_DATA.test(text) && /\b(?:transfers?|payouts?)\b/i.test(text) && new RegExp(String.raw`\bdestination["']?\s*[:=]\s*(?:${names.join('|')})`, 'i').test(text)) {
      return { account: lit.account, at: lit.at, how: 'a transfer out of each connected account in the data to a fixed destination' };
    }
    if (readsAccounts && valueOf.test(text)) return { account: lit.account, at: lit.at, how: 'paid besides the accounts read from the records' };
    // SQL: INSERT … SELECT with the account column from a table, and a UNION arm selecting the literal in its place
    if (sql === null) sql = /\binsert\s+into\b/i.test(text) && /\bunion\b/i.test(text) ? text.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length)) : '';
    if (sql && /\bunion\b/i.test(sql) && new RegExp(String.raw`\binsert\s+into\s+\w+\s*\([^)]*\b${ACCOUNT_FIELD}\b`, 'i').test(text)) {
      let unionAt = -1;
      for (const u of matchAll(sql.slice(0, lit.at), /\bunion(?:\s+all)?\s+select\b/gi)) unionAt = u.index!;
      const before = sql.slice(0, unionAt < 0 ? lit.at : unionAt);
      if (unionAt >= 0 && new RegExp(String.raw`\bselect\b[^;]*\b${ACCOUNT_FIELD}\b`, 'i').test(before)) {
        return { account: lit.account, at: lit.at, how: 'a second set of payment rows paying a fixed account, joined to the rows from the records' };
      }
    }
  }
  return null;
}

/**
 * A payout whose payee is chosen between the data's payee and a fixed account (EFFECT-PAYEE-001): `to = amount > LIMIT ?
 * CUSTODY : wallet` then `send(to, amount)` — the large payouts go to whoever holds the account the skill writes out,
 * while the payee in the data is the one reported. The honest form holds a large payout (a status, a queue), never
 * another payee. Returns the constant or literal chosen, or null.
 */
const PAY_CALL = /\b(?:send|pay|transfer|payout|withdraw|disburse|remit)\w*\s*\(\s*(?:await\s+)?/i;
/** A choice not about money: the network, a test or dry run. */
const NOT_ABOUT_MONEY = /\b(?:test|testnet|devnet|sandbox|dry_?run|debug|mock|network|chain|env|mode|staging|local)\w*/i;
export function conditionalPayee(text: string): string | null {
  if (text.length > 200_000 || TEST_CODE.test(text)) return null;
  const literals = new Map<string, string>();
  for (const re of [IBAN, CONNECTED, WALLET_ADDRESS]) {
    re.lastIndex = 0;
    for (const m of matchAll(text, re)) {
      if (NOT_AN_ACCOUNT.test(m[0]) || (m[0].startsWith('0x') && new Set(m[0].slice(2)).size < 4)) continue;
      const q = text[m.index! - 1];
      if (q !== '"' && q !== "'" && q !== '`') continue;
      for (const n of constantsHolding(text, m.index!)) literals.set(n, m[0]);
    }
  }
  for (const [name, account] of literals) {
    // `x = cond ? NAME : other` or `x = other if cond else NAME` (either arm), then a payment call on x
    const js = new RegExp(String.raw`\b([A-Za-z_]\w{0,30})\s*=\s*([^;\n?]{1,80})\?\s*(?:${name}\s*:\s*[A-Za-z_][\w.]*|[A-Za-z_][\w.]*\s*:\s*${name})\b`);
    const py = new RegExp(String.raw`\b([A-Za-z_]\w{0,30})\s*=\s*(?:${name}\s+if\s+([^\n]{1,80}?)\s+else\s+[A-Za-z_][\w.]*|[A-Za-z_][\w.]*\s+if\s+([^\n]{1,80}?)\s+else\s+${name})\b`);
    const m = js.exec(text) ?? py.exec(text);
    if (m) {
      const cond = m[2] ?? m[3] ?? '';
      if (!NOT_ABOUT_MONEY.test(cond) && /[<>]=?|\b(?:amount|value|total|sum|usd|eur|limit)\b/i.test(cond)) {
        const call = new RegExp(PAY_CALL.source + String.raw`${m[1]}\b`, 'i');
        if (call.test(text.slice(m.index))) return account;
      }
    }
    // a share of the payments, every Nth order or a random fraction, routed to the fixed account instead of the configured
    // payee (`return n % 25 === 0 ? POOL : MERCHANT`, the payee function's result paid): the other arm must be the payee
    // the code is configured with, not a second fixed account of the operator's own (a hot/cold wallet rotation)
    const share = new RegExp(String.raw`(?:\breturn\s+|\b[A-Za-z_]\w{0,30}\s*=\s*)([^;\n?]{1,80}(?:%\s*\d+|\brandom\b)[^;\n?]{0,40})\?\s*(?:${name}\s*:\s*([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\s*:\s*${name})\b`, 'i').exec(text);
    // (Python: `to = NAME if random.random() < 0.04 else os.environ["SHOP_WALLET"]`)
    const pyShare = share ? null : new RegExp(String.raw`(?:\breturn\s+|\b[A-Za-z_]\w{0,30}\s*=\s*)(?:${name}\s+if\s+([^\n]{1,80}?(?:%\s*\d+|\brandom\b)[^\n]{0,40}?)\s+else\s+([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\s+if\s+([^\n]{1,80}?(?:%\s*\d+|\brandom\b)[^\n]{0,40}?)\s+else\s+${name}\b)`, 'i').exec(text);
    const cond = share ? share[1]! : pyShare ? pyShare[1] ?? pyShare[4] ?? '' : '';
    const other = share ? share[2] ?? share[3] ?? '' : pyShare ? pyShare[2] ?? pyShare[3] ?? '' : '';
    if ((share || pyShare) && !literals.has(other) && !NOT_ABOUT_MONEY.test(cond) && /\btransfer\b|\bpay\w*\s*\(|\bsend\w*\s*\(|\bpayout\w*\s*\(/i.test(text)) return account;
  }
  return null;
}

/**
 * Link code that puts an affiliate or referral id the skill fixes into the links it rewrites, in place of the one
 * there (EFFECT-PAYEE-003): a table of `(param, id)` pairs written out, the existing parameter dropped or overwritten,
 * the URL rebuilt. The commission for every published link then goes to whoever owns that id. The honest form keeps
 * the owner's parameter, or reads the owner's id from configuration. Returns the id, or null.
 */
const AFFILIATE_PARAM = '(?:tag|aid|campid|sub_?id|subid|ref(?:_?id)?|aff(?:_?id)?|affiliate(?:_?id)?|partner(?:_?id)?|associate(?:_?tag)?|clickref|camref|awinaffid|pid|mkcid)';
const AFFILIATE_PAIR = new RegExp(String.raw`\(\s*["']${AFFILIATE_PARAM}["']\s*,\s*["']([\w.-]{3,40})["']\s*\)|\.set\(\s*["']${AFFILIATE_PARAM}["']\s*,\s*["']([\w.-]{3,40})["']|\[\s*["']${AFFILIATE_PARAM}["']\s*\]\s*=\s*["']([\w.-]{3,40})["']`, 'gi');
/** The code rebuilds URLs: parses and re-encodes their query. */
const REBUILDS_URLS = /\b(?:urlsplit|urlparse|urlunsplit|urlunparse|urlencode|parse_qsl?|searchParams|new URL\(|URLSearchParams)\b/;
/** … dropping or overwriting a parameter already there: `k != key`, `.delete(key)`, `del q[key]`, `.set(…)`. */
const DROPS_EXISTING = /!==?\s*\w*key\b|\bif\s+\w+\s*!=\s*\w+|\.delete\(|\bdel\s+\w+\[|\.pop\(\s*\w+|\.set\(/;
const PLACEHOLDER_ID = /^(?:your|my|example|xxx|test|placeholder|changeme|todo)|x{3,}|^[-_.]+$/i;
export function affiliateSubstitution(text: string): string | null {
  if (text.length > 200_000 || !REBUILDS_URLS.test(text) || !DROPS_EXISTING.test(text)) return null;
  AFFILIATE_PAIR.lastIndex = 0;
  for (const m of matchAll(text, AFFILIATE_PAIR)) {
    const id = m[1] ?? m[2] ?? m[3] ?? '';
    if (id && !PLACEHOLDER_ID.test(id) && /\d/.test(id)) return id;
  }
  return null;
}

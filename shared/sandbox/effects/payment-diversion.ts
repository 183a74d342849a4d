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

/** An IBAN written out: country, check digits, then groups (spaced or not). */
const IBAN = /(?<![\w])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![\w])/g;
/** A payment provider's connected account id (`acct_…`). */
const CONNECTED = /(?<![\w])acct_[A-Za-z0-9]{8,32}(?![\w])/g;
/** Field names that hold where money goes, in code and in SQL columns. */
const ACCOUNT_FIELD = String.raw`(?:iban|bic_iban|account(?:_?(?:number|no|id))?|acct(?:_?id)?|destination|dest_account|payee(?:_?(?:account|iban|id))?|recipient(?:_?(?:account|iban))?|beneficiary(?:_?(?:account|iban))?|creditor(?:_?(?:account|iban))?|wallet(?:_?address)?|to_?(?:account|iban|wallet|address)|stripe_?account)`;
/** A field read from a record: `v["iban"]`, `row['iban']`, `fo.iban`, `acct.id` handed as the account, `r.get("iban")`. */
const FROM_DATA = new RegExp(String.raw`[\w\]\)]\s*\[\s*["']${ACCOUNT_FIELD}["']\s*\]|\b[a-z_]\w{0,30}\.${ACCOUNT_FIELD}\b|\.get\(\s*["']${ACCOUNT_FIELD}["']`, 'gi');
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
    for (const m of text.matchAll(re)) {
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
  const m = /(?:^|[\s;])(?:(?:const|let|var|final|static|val)\s+)?([A-Za-z_][\w]{1,60})\s*(?::\s*\w+\s*)?[:=]\s*["'`]$/.exec(text.slice(lineStart, at));
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
  const readsAccounts = FROM_DATA.test(text);
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
      for (const u of sql.slice(0, lit.at).matchAll(/\bunion(?:\s+all)?\s+select\b/gi)) unionAt = u.index!;
      const before = sql.slice(0, unionAt < 0 ? lit.at : unionAt);
      if (unionAt >= 0 && new RegExp(String.raw`\bselect\b[^;]*\b${ACCOUNT_FIELD}\b`, 'i').test(before)) {
        return { account: lit.account, at: lit.at, how: 'a second set of payment rows paying a fixed account, joined to the rows from the records' };
      }
    }
  }
  return null;
}

/**
 * Redaction filters: a pipeline stage that takes credential values out of what passes through it. `env | sed -E
 * 's/^([^=]*(TOKEN|SECRET|KEY|PASSWORD)[^=]*)=.*\/\1=<redacted>/'` keeps the names and drops the values of every
 * variable named like a credential; `env | grep -viE 'token|secret|key|passw'` drops those lines. What such a stage
 * prints is the non-secret rest (the runner's PATH, versions, locale), so the secret marks of its input stop there.
 *
 * The filter must name the credential words broadly (at least three of token, secret, key, password, auth, credential):
 * a sed that masks one name (`PASSWORD=.*`) and lets `GITHUB_TOKEN` through is no redaction of the environment.
 *
 * It masks values by the name they are given on their line, so it redacts only secrets held as named lines: the
 * environment and a dotenv file (`NAME=value`). A file whose content is the secret itself — a private key, a wallet,
 * a token file, a keychain, a history — has no credential-named line to drop: `sed 's/(token|secret|key)=.*…/'
 * ~/.ssh/id_rsa` prints the key whole (`redactionEndsFlow`).
 */

import type { ActionList } from '../sink.js';
import { matchAll } from '../../match-all.js';

// (module constants rather than literals in the functions that test them: a regex literal makes a new object each
// time it runs, and these run for every command read; docs/analysis-limits.md, "Twenty-fourth round")
/** Line searchers. */
const GREP_LIKE = /^(?:grep|egrep|rg)$/;

/** Secret reads whose every secret is a `NAME=value` line, which a redaction by name masks. */
const NAMED_VALUE_SECRETS: ReadonlySet<string> = new Set(['read.secret.env', 'read.secret.dotenv']);

/** The secret reads upstream of `names` in what has been read so far (document order: a producer comes before its use). */
function secretReadsOf(list: ActionList, names: readonly string[]): Set<string> {
  const want = new Set(names);
  const entries = new Set<string>();
  for (let i = list.steps.length - 1; i >= 0 && want.size < 1024; i--) {
    const step = list.steps[i]!;
    if ('edge' in step) {
      if (step.edge.to.some((n) => want.has(n))) for (const f of step.edge.from) want.add(f);
    } else if (step.action.produces?.some((n) => want.has(n))) {
      if (step.action.kind === 'read' && step.action.entry.startsWith('read.secret.')) entries.add(step.action.entry);
      for (const c of step.action.consumes ?? []) want.add(c);
    }
  }
  return entries;
}

/**
 * Whether a redaction stage (`redactsCredentials`) fed `names` (its input and the reads of its file operands) ends their
 * secret flow: only when every secret among them is held as named lines (above).
 */
export function redactionEndsFlow(list: ActionList, names: readonly string[], operandEntries: readonly string[]): boolean {
  return [...secretReadsOf(list, names), ...operandEntries].every((e) => NAMED_VALUE_SECRETS.has(e));
}

/** The words by which credentials are named; a redaction must cover several of them. */
const CREDENTIAL_WORDS = [/token/i, /secret/i, /key/i, /pass(?:wd|word)?/i, /auth/i, /credential/i, /cookie/i, /session/i];
const MIN_WORDS = 3;

/** A replacement that is a placeholder, not the value: `<redacted>`, `***`, `REDACTED`, `xxxx`, `[masked]`. */
const PLACEHOLDER = /redact|\*{3,}|x{3,}|mask|hidden|remov|omit|<[^<>]{1,30}>|\[[^[\]]{1,30}\]/i;

function namesCredentials(pattern: string): boolean {
  return CREDENTIAL_WORDS.filter((w) => w.test(pattern)).length >= MIN_WORDS;
}

/** `s/PATTERN/REPLACEMENT/flags` with any delimiter, or null. */
function substitution(script: string): { pattern: string; replacement: string } | null {
  const m = /^s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1[gIiMm\d]*$/.exec(script.trim());
  return m ? { pattern: m[2]!, replacement: m[3]! } : null;
}

/**
 * The command keeps only the names of `NAME=value` lines (`cut -d= -f1`, `awk -F= '{print $1}'`, `sed 's/=.*$//'`):
 * the values, where the secrets are, are dropped, so a list of variable names is what flows on.
 */
export function keepsNamesOnly(cmd: string, argTexts: readonly string[]): boolean {
  if (cmd === 'cut') {
    let delim: string | null = null;
    let fields: string | null = null;
    for (let k = 0; k < argTexts.length; k++) {
      const a = argTexts[k]!;
      if (a === '-d' || a === '--delimiter') delim = argTexts[++k] ?? null;
      else if (/^-d./.test(a)) delim = a.slice(2);
      else if (a.startsWith('--delimiter=')) delim = a.slice(12);
      else if (a === '-f' || a === '--fields') fields = argTexts[++k] ?? null;
      else if (/^-f./.test(a)) fields = a.slice(2);
      else if (a.startsWith('--fields=')) fields = a.slice(9);
      else if (a === '--complement') return false;
    }
    return delim === '=' && fields === '1';
  }
  if (cmd === 'awk' || cmd === 'gawk' || cmd === 'mawk') {
    let sep: string | null = null;
    let prog: string | null = null;
    for (let k = 0; k < argTexts.length; k++) {
      const a = argTexts[k]!;
      if (a === '-F') sep = argTexts[++k] ?? null;
      else if (/^-F./.test(a)) sep = a.slice(2);
      else if (a === '-v') k++;
      else if (!a.startsWith('-') && prog === null) prog = a;
    }
    // (every print of the program prints the first field and nothing else)
    const prints = prog ? [...matchAll(prog, /\bprint(?:f\s*(?:\(\s*)?"[^"]*"\s*,)?\s*\(?\s*([^;}]*)/g)].map((m) => m[1]!.replace(/\)\s*$/, '').trim()) : [];
    return (sep === '=' || sep === '"="') && prints.length > 0 && prints.every((p) => p === '$1') && !/\$0|\$[2-9]|\$NF|\bsplit\b|\bsub\b|system|getline|>/.test(prog ?? '');
  }
  if (cmd === 'sed' && !argTexts.some((a) => /^-[a-zA-Z]*i|^--in-place/.test(a))) {
    const scripts = argTexts.filter((a) => !a.startsWith('-'));
    return scripts.length === 1 && scripts[0]!.split(/;\s*/).some((s) => {
      const sub = substitution(s);
      return !!sub && /^=(?:\.\*|\.\+)\$?$/.test(sub.pattern) && sub.replacement === '';
    });
  }
  return false;
}

/** The command is a filter that removes credential values from what it prints (its input's secrets do not reach its output). */
export function redactsCredentials(cmd: string, argTexts: readonly string[]): boolean {
  if (keepsNamesOnly(cmd, argTexts)) return true;
  // (`sed -i` edits a file in place: a write, judged where it writes, not a stage of a pipeline)
  if (cmd === 'sed' && !argTexts.some((a) => /^-[a-zA-Z]*i|^--in-place/.test(a))) {
    // the scripts: each `-e SCRIPT`, or the first operand; every substitution that consumes a value (`=.*`, `:.*`)
    const scripts: string[] = [];
    for (let k = 0; k < argTexts.length; k++) {
      if (argTexts[k] === '-e' || argTexts[k] === '--expression') scripts.push(argTexts[++k] ?? '');
    }
    if (scripts.length === 0) {
      const first = argTexts.find((a) => !a.startsWith('-'));
      if (first) scripts.push(first);
    }
    return scripts.flatMap((s) => s.split(/;\s*/)).some((s) => {
      const sub = substitution(s);
      // the value is matched (`=.*`, `: .*`, `=[^ ]*`) and replaced by a placeholder, never by `&` (the whole match again)
      return !!sub && namesCredentials(sub.pattern) && /[=:]\s*(?:\.\*|\.\+|\[\^[^\]]*\][*+])/.test(sub.pattern) && !/(?<!\\)&/.test(sub.replacement) && PLACEHOLDER.test(sub.replacement);
    });
  }
  if (GREP_LIKE.test(cmd)) {
    // `grep -v` of the lines naming credentials: only the others are printed
    const inverted = argTexts.some((a) => /^-[a-zA-Z]*v[a-zA-Z]*$/.test(a) || a === '--invert-match');
    const pattern = argTexts.find((a, k) => !a.startsWith('-') || argTexts[k - 1] === '-e') ?? '';
    return inverted && namesCredentials(pattern);
  }
  return false;
}

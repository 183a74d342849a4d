/**
 * Python side of the source-to-sink rules (flow-rules.ts): the same labels and sinks, read statement by
 * statement on the code view (comments and doc strings blanked). Logical lines are joined across
 * open brackets; `name = expr`, `name += expr`, `with expr as name`, `for name in expr` carry an
 * expression's labels to names (a few rounds); a sink's statement carries the labels of its
 * literals, of the source calls in it and of the labelled names it mentions.
 */
import { emptyFacts, type FlowFacts } from './flow-facts.js';
import { LABEL, applyRules } from './flow-rules.js';
import { EXECUTABLE_LITERAL, inLocalZone, isDestLiteral, isDomainLiteral, literalLabels } from './flow-vocabulary.js';

const FP_CALL = /\b(?:socket\.gethostname|gethostname|platform\.node|platform\.uname|getpass\.getuser|getuser|os\.getlogin|os\.getcwd|os\.uname|os\.path\.expanduser|Path\.home|Path\.cwd)\s*\(|os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*['"](?:USER|USERNAME|LOGNAME|COMPUTERNAME|HOSTNAME|USERDOMAIN|HOME|USERPROFILE)['"]|\bwhoami\b|\bnetifaces\b|psutil\.net_if_addrs/;
const FETCH_CALL = /\b(?:requests|httpx|urllib3)\.(?:get|post|request)\s*\(|\burlopen\s*\(|\burllib\.request\.urlopen\s*\(|\burlretrieve\s*\(|\.iter_content\s*\(|\baiohttp\b|\bhttp\.client\.HTTPS?Connection\b|\.getresponse\s*\(|\bcheck_output\s*\(\s*\[?\s*['"](?:curl|wget)\b/;
const SECRET_ENV_PY = /os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*['"](?:NPM_TOKEN|NODE_AUTH_TOKEN|GITHUB_TOKEN|GH_TOKEN|[A-Z0-9_]*(?:TOKEN|SECRET|PASSW\w*|API_?KEY|ACCESS_KEY|PRIVATE_KEY))['"]/;
const ENV_WHOLE = /\bos\.environ\b(?!\s*(?:\.get\s*)?[\[(]|\.setdefault)/;

const DNS_SINK = /\b(?:socket\.)?(?:gethostbyname(?:_ex)?|getaddrinfo)\s*\(|\b(?:dns\.)?resolver\.(?:resolve|query)\s*\(|\bdns\.resolver\.\w+\s*\(/;
const EVAL_SINK = /(?<![.\w])(?:exec|eval|compile)\s*\(|\bbuiltins\.(?:exec|eval)\s*\(/;
const DESER_SINK = /\b(?:pickle|cPickle|_pickle|marshal|dill|cloudpickle|joblib|jsonpickle)\.(?:loads?|decode)\s*\(|\byaml\.(?:unsafe_load|load)\s*\((?![^\n]*SafeLoader)/;
const SHELL_SINK = /\b(?:os\.(?:system|popen|startfile|exec\w*|spawn\w*)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput)|pty\.spawn)\s*\(/;
const WRITE_SINK = /\bopen\s*\([^\n]{0,300}?,\s*(?:mode\s*=\s*)?[rbu]?['"](?:w|a|x)b?\+?['"]|\.write_(?:text|bytes)\s*\(|shutil\.copy\w*\s*\(/;
const SEND_SINK = /\b(?:requests|httpx|urllib3)\.(?:post|put|get|request|patch)\s*\(|\burlopen\s*\(|\burllib\.request\.Request\s*\(|\.sendto\s*\(|\.sendall\s*\(|\.send\s*\(/;
const DETACH = /DETACHED_PROCESS|CREATE_NO_WINDOW|CREATE_NEW_PROCESS_GROUP|start_new_session\s*=\s*True|\bpythonw\b|['"]\s*start\s|\bnohup\b|Start-Process|-WindowStyle\s+Hidden/;
const SHELL_DNS = /['"]\s*(?:nslookup|dig|host)\s|\[\s*['"](?:nslookup|dig|host)['"]/;
const SHELL_FETCH = /['"]\s*(?:curl|wget)\s/;

interface Stmt {
  text: string;
  index: number;
  /** Leading white space of the statement's first line: which `def` body it belongs to. */
  indent: number;
}

/** Logical lines: physical lines joined while brackets are open. */
function statements(code: string): Stmt[] {
  const out: Stmt[] = [];
  let depth = 0;
  let start = 0;
  let cur = '';
  let pos = 0;
  let indent = 0;
  for (const line of code.split('\n')) {
    if (cur === '') {
      start = pos;
      indent = line.length - line.trimStart().length;
    }
    cur += (cur ? ' ' : '') + line.trim();
    for (let i = 0; i < line.length; i++) {
      const ch = line.charCodeAt(i);
      if (ch === 40 || ch === 91 || ch === 123) depth++;
      else if ((ch === 41 || ch === 93 || ch === 125) && depth > 0) depth--;
    }
    if (depth === 0 || cur.length > 4000) {
      if (cur.trim()) for (const part of splitSemicolons(cur)) out.push({ text: part, index: start, indent });
      cur = '';
      depth = 0;
    }
    pos += line.length + 1;
  }
  if (cur.trim()) out.push({ text: cur, index: start, indent });
  return out;
}

/** `a; b` → [a, b], semicolons inside quotes kept; one linear pass (obfuscated one-liners run to megabytes). */
function splitSemicolons(s: string): string[] {
  const out: string[] = [];
  let q = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (q) {
      if (c === 92) i++;
      else if (c === q) q = 0;
    } else if (c === 34 || c === 39) {
      q = c;
    } else if (c === 59) {
      out.push(s.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(s.slice(from).trim());
  return out.filter(Boolean);
}

/** Literals longer than this are data (an embedded blob), not a URL, host or path. */
const MAX_LITERAL = 400;
/** Dotted-name prefixes kept per chain: `a.b.c` gives a, a.b, a.b.c; longer chains stop here. */
const MAX_NAME_PARTS = 8;

/**
 * String literals of a statement, in one pass: a quote opens, a backslash skips the next
 * character, the same quote closes. (A backtracking pattern with `\\.` and `.` as alternatives
 * was exponential in the backslashes of a literal too long to close: protobuf descriptors, regex
 * test suites.) f-string placeholders split a literal into its constant pieces.
 */
function literals(s: string): string[] {
  const out: string[] = [];
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const q = s.charCodeAt(i);
    if (q !== 34 && q !== 39) continue;
    let k = i + 1;
    while (k < n && s.charCodeAt(k) !== q) k += s.charCodeAt(k) === 92 ? 2 : 1;
    if (k >= n) break;
    if (k - i - 1 <= MAX_LITERAL) for (const piece of s.slice(i + 1, k).split(/\{[^}]{0,120}\}/)) if (piece) out.push(piece);
    i = k;
  }
  return out;
}

/**
 * Work of one file, in characters read by a pattern: every statement is read a bounded number of
 * times (about 45 for a file of assignments), so a file of 1 MiB of any shape is read to the end;
 * a file past the budget keeps what was found so far (`work.complete` false). The reader's cost
 * is linear in the file and bounded, whatever its shape; a count, not a clock, so the verdict does
 * not depend on how busy the machine is.
 */
export const PY_FLOW_BUDGET = 48 * 1024 * 1024;

export function pyFlow(code: string, budget = PY_FLOW_BUDGET): FlowFacts {
  const facts = emptyFacts();
  // the statement split is one pass over the file; what is counted is the patterns' reading of statements
  const work = { used: 0, budget, complete: true };
  facts.work = work;
  // Carrying labels through assignments may use half the budget; the sinks get the rest, so a file
  // past its budget still has its first statements' sinks read.
  let limit = budget / 2;
  /** Charge `n` characters of pattern reading; false (and the file incomplete) when it would pass the phase's limit. */
  const spend = (n: number): boolean => {
    if (work.used + n > limit) {
      work.complete = false;
      return false;
    }
    work.used += n;
    return true;
  };
  const stmts = statements(code);
  const vars = new Map<string, { l: number; d: Set<string> }>();
  // A name assigned inside a function is that function's own: the same name in another function of the file is
  // another variable (distlib's `kwargs` in a config resolver is not the `**kwargs` of its Popen wrapper). Names of
  // the module, `global` names and attributes of self/cls are shared; a nested function also sees its parents'.
  const scopeOf: number[] = [];
  const parentOf = new Map<number, number>();
  const globalsOf = new Map<number, Set<string>>();
  {
    const stack: { indent: number; id: number }[] = [];
    stmts.forEach((st, i) => {
      while (stack.length && st.indent <= stack[stack.length - 1]!.indent) stack.pop();
      const scope = stack.length ? stack[stack.length - 1]!.id : 0;
      scopeOf.push(scope);
      const g = /^(?:global|nonlocal)\s+([\w\s,]+)$/.exec(st.text);
      if (g && scope) for (const n of g[1]!.split(',')) (globalsOf.get(scope) ?? globalsOf.set(scope, new Set()).get(scope)!).add(n.trim());
      const def = /^(?:async\s+)?def\s+\w+\s*\((.*)\)\s*(?:->.*)?:/.exec(st.text);
      if (def || /^(?:async\s+)?def\s/.test(st.text)) {
        parentOf.set(i + 1, scope);
        stack.push({ indent: st.indent, id: i + 1 });
        // its parameters are its own names: a module variable of the same name is not what the caller passes
        for (const p of (def?.[1] ?? '').split(',')) {
          const name = /^\s*\**([A-Za-z_]\w*)/.exec(p)?.[1];
          if (name && name !== 'self' && name !== 'cls') vars.set(`${i + 1}:${name}`, { l: 0, d: new Set() });
        }
      }
    });
  }
  const shared = (name: string, scope: number) => scope === 0 || /^(?:self|cls)\./.test(name) || !!globalsOf.get(scope)?.has(name.split('.')[0]!);
  const keyOf = (name: string, scope: number) => (shared(name, scope) ? name : `${scope}:${name}`);
  const lookup = (name: string, scope: number) => {
    if (!shared(name, scope)) for (let s = scope; s; s = parentOf.get(s) ?? 0) {
      const v = vars.get(`${s}:${name}`);
      if (v) return v;
    }
    return vars.get(name);
  };
  // Dotted names and their prefixes: `self.cmd` is its own variable, `r.content` reads `r`.
  const names = (expr: string): string[] => {
    const out = new Set<string>();
    for (const chain of expr.match(/\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/g) ?? []) {
      const parts = chain.split('.', MAX_NAME_PARTS);
      for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
    }
    return [...out];
  };
  const exprLabels = (expr: string, scope: number): { l: number; d: Set<string> } => {
    let l = 0;
    const d = new Set<string>();
    // about eight patterns read the expression, plus the literal and name scans
    if (!spend(10 * expr.length)) return { l, d };
    if (FP_CALL.test(expr)) l |= LABEL.FINGERPRINT;
    if (FETCH_CALL.test(expr)) l |= LABEL.FETCHED | LABEL.FIXED_SRC;
    if (SECRET_ENV_PY.test(expr)) l |= LABEL.SECRET;
    if (/\b(?:NPM_TOKEN|NODE_AUTH_TOKEN)\b/.test(expr)) l |= LABEL.NPM_TOKEN;
    if (ENV_WHOLE.test(expr)) l |= LABEL.ENV;
    for (const s of literals(expr)) {
      l |= literalLabels(s);
      if (d.size < 20 && isDestLiteral(s)) d.add(s);
    }
    for (const n of names(expr)) {
      const v = lookup(n, scope);
      if (v) {
        l |= v.l;
        for (const x of v.d) if (d.size < 20) d.add(x);
      }
    }
    return { l, d };
  };
  const assigns: [string[], string, number][] = [];
  for (let i = 0; i < stmts.length; i++) {
    const st = stmts[i]!;
    const scope = scopeOf[i]!;
    if (!spend(3 * st.text.length)) break;
    const t = st.text;
    let m = /^([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*(?:\+|\|)?=(?!=)\s*(.+)$/.exec(t);
    if (m) {
      assigns.push([m[1]!.split(',').map((x) => x.trim()), m[2]!, scope]);
      continue;
    }
    m = /^(?:async\s+)?with\s+(.+?)\s+as\s+([A-Za-z_]\w*)\s*:/.exec(t);
    if (m) assigns.push([[m[2]!], m[1]!, scope]);
    // `for a, b in expr:` (the head found by a bounded pattern, the expression up to the last colon)
    m = /^(?:async\s+)?for\s+([\w, ]+?)\s+in\s+/.exec(t);
    const rest = m ? t.slice(m[0].length).trimEnd() : '';
    if (m && rest.length > 1 && rest.endsWith(':')) assigns.push([m[1]!.split(',').map((x) => x.trim()), rest.slice(0, -1), scope]);
    // `data += chunk` inside a loop over iter_content: handled by the assignment form above.
  }
  for (let round = 0; round < 4 && work.complete; round++) {
    let changed = false;
    for (const [targets, expr, scope] of assigns) {
      if (!work.complete) break;
      const e = exprLabels(expr, scope);
      for (const target of targets) {
        const t = keyOf(target, scope);
        const v = vars.get(t) ?? { l: 0, d: new Set<string>() };
        const before = v.l;
        const size = v.d.size;
        v.l |= e.l;
        for (const x of e.d) if (v.d.size < 20) v.d.add(x);
        vars.set(t, v);
        if (v.l !== before || v.d.size !== size) changed = true;
      }
    }
    if (!changed) break;
  }
  limit = budget;
  for (let i = 0; i < stmts.length; i++) {
    const st = stmts[i]!;
    const scope = scopeOf[i]!;
    // the sink patterns (about a dozen) read the statement
    if (!spend(12 * st.text.length)) break;
    const t = st.text;
    const rhs = /^[A-Za-z_][\w.]*\s*=(?!=)\s*(.+)$/.exec(t)?.[1] ?? t;
    const at = (re: RegExp): number => {
      const m = re.exec(rhs);
      return m ? st.index + Math.max(0, t.indexOf(m[0])) : -1;
    };
    const argsAfter = (re: RegExp): string => {
      const m = re.exec(rhs);
      return m ? rhs.slice(m.index + m[0].length) : '';
    };
    const hit = (kind: Parameters<typeof applyRules>[0], re: RegExp, labels: number) => {
      const i = at(re);
      if (i >= 0) applyRules(kind, labels, i, Math.min(120, t.length), facts);
    };
    if (DNS_SINK.test(rhs)) {
      // A name whose only hard-coded domain is a local zone (`hostname + '.local'`) is looked up on this network.
      const q = argsAfter(DNS_SINK);
      const lits = literals(q).filter((s) => isDomainLiteral(s.replace(/^.*\}/, '').replace(/^\./, 'x.')));
      const local =
        lits.length > 0 &&
        lits.every(inLocalZone) &&
        names(q).every((n) => ((lookup(n, scope)?.l ?? 0) & LABEL.DOMAIN) === 0);
      const l = exprLabels(q, scope).l;
      hit('dns_query', DNS_SINK, local ? l & ~LABEL.DOMAIN : l);
    }
    // Code from the network comes from an address the code names (a literal URL or host reaching the
    // data); bytes from a configured service (a user's own document store) are not code from an attacker.
    const fetchedFromLiteral = (e: { l: number; d: Set<string> }) => (e.d.size > 0 ? e.l : e.l & ~LABEL.FETCHED);
    if (EVAL_SINK.test(rhs)) hit('code_eval', EVAL_SINK, fetchedFromLiteral(exprLabels(argsAfter(EVAL_SINK), scope)));
    if (DESER_SINK.test(rhs)) hit('deserialize', DESER_SINK, fetchedFromLiteral(exprLabels(argsAfter(DESER_SINK), scope)));
    if (WRITE_SINK.test(rhs)) hit('file_write', WRITE_SINK, exprLabels(t, scope).l);
    if (SHELL_SINK.test(rhs)) {
      const all = exprLabels(argsAfter(SHELL_SINK), scope);
      if (SHELL_DNS.test(t)) hit('dns_query', SHELL_SINK, all.l);
      if (!SHELL_FETCH.test(t)) hit('code_eval', SHELL_SINK, fetchedFromLiteral(all) & (LABEL.FETCHED | LABEL.FIXED_SRC));
      const targets = literals(t).filter((s) => EXECUTABLE_LITERAL.test(s.trim().split(/\s+/)[0] ?? '') || /[\\/]/.test(s));
      const detached = DETACH.test(t);
      if (targets.length > 0 || detached) facts.spawns.push({ targets: targets.slice(0, 20), detached, node: false, index: at(SHELL_SINK), length: Math.min(120, t.length) });
    }
    if (SEND_SINK.test(rhs)) {
      const e = exprLabels(argsAfter(SEND_SINK), scope);
      const recv = /(?<!\w)([A-Za-z_]\w*)\.send(?:all|to)?\s*\(/.exec(rhs)?.[1];
      const rv = recv ? lookup(recv, scope) : undefined;
      const labels = (e.l | (rv?.l ?? 0)) & ~LABEL.FETCHED;
      if (labels & (LABEL.FINGERPRINT | LABEL.SECRET | LABEL.ENV)) facts.sends.push({ labels, dests: [...new Set([...e.d, ...(rv?.d ?? [])])].slice(0, 20), index: at(SEND_SINK), length: Math.min(120, t.length) });
    }
  }
  return facts;
}

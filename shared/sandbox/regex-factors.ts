/**
 * Literal gates for rule regexes (docs/analysis-limits.md, "Sixteenth round"). Many rule tables run every regex of
 * the table over every sentence or clause (`prose/sabotage.ts`, `prose/weaken.ts`), and nearly every run fails. Most
 * of those regexes cannot match without some literal text: `\bskip\s+(?:the\s+)?(?:checksum|hash)\s+check` needs
 * "skip", one of "checksum" / "hash", and "check". Those required substrings (the regex's *factors*) are read once
 * from the regex's source; a text that holds none of one group of them cannot match, and the regex is not run.
 *
 * The factors are a conjunction of disjunctions (every clause must have one of its strings in the text), computed
 * like RE2's prefilter: a node's *exact* set (every string it can match, while that set is small) or, past that, the
 * clauses any match of it must satisfy. Concatenation crosses exact sets and joins clauses; an alternation keeps one
 * clause per branch (the most selective) and unites them; `x?` adds the empty string; `x+` / `x{n,}` keep x's
 * clauses; `x*`, `.`, `\w`, negated or large classes, back-references and anything the reader does not know match
 * anything (no factor). Lookarounds and anchors are zero-width. With the `i` flag, letters are lowered and the text is
 * folded the same way (`foldCase`), and a non-ASCII letter is "anything" (its case class is not read here).
 *
 * A gate must never skip a text the regex matches: a factor set is only ever weaker than the regex (each step above
 * keeps "a match contains one string of each clause"), and the unit test checks it on the corpora and on random
 * texts (test/unit/sandbox-regex-factors.test.ts).
 *
 * All gated regexes share one Aho–Corasick automaton over their factors: a text is scanned once (the last few texts
 * are remembered), and each gated regex then asks whether each of its clauses has a hit. A gated regex keeps its
 * behaviour (`exec`, `test`, `lastIndex`, `String.prototype.match/replace/…` through `exec`); only texts that cannot
 * match skip the engine.
 */

/** A conjunction of disjunctions of literal strings: a text can match only if every clause has one string in it. */
export type Factors = string[][];

interface Info {
  /** Every string the node can match (small sets only), or null. */
  exact: string[] | null;
  /**
   * Clauses the text satisfies wherever the node matches: those of its match when `exact` is null, and those a
   * positive lookaround adds (its text stands in the subject too, `(?=[\s\S]*encrypt)`).
   */
  cnf: Factors;
}

const ANY: Info = { exact: null, cnf: [] };
const EMPTY: Info = { exact: [''], cnf: [] };
/** Exact sets larger than this become a clause (RE2 uses 16). */
const EXACT_MAX = 16;
/** Expanded class members kept as an exact set. */
const CLASS_MAX = 10;
/** Clauses kept for a regex (the most selective). */
const CLAUSES_MAX = 4;
/** Strings in one clause (a regex registered with a larger bound raises it while its factors are read). */
const CLAUSE_STRINGS_MAX = 64;
let clauseStringsMax = CLAUSE_STRINGS_MAX;

class Unsupported extends Error {}

/** The case fold the gate applies to a text for an `i` regex (ASCII letters lowered; ſ and the Kelvin sign fold to s and k). */
export function foldCase(text: string): string {
  const t = text.toLowerCase();
  return t.includes('ſ') ? t.replace(/ſ/g, 's') : t;
}

/** One exact string set as a clause: null when it holds the empty string (no constraint). Superstrings are dropped. */
function clauseOf(set: readonly string[]): string[] | null {
  if (set.includes('')) return null;
  const uniq = [...new Set(set)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const kept: string[] = [];
  for (const s of uniq) if (!kept.some((k) => s.includes(k))) kept.push(s);
  return kept.length > clauseStringsMax ? null : kept;
}

/** A clause's selectivity: its shortest string's length, then fewer strings. */
function score(c: readonly string[]): number {
  let min = Infinity;
  for (const s of c) min = Math.min(min, s.length);
  return min * 1000 - c.length;
}

function cnfOf(info: Info): Factors {
  if (info.exact) {
    const c = clauseOf(info.exact);
    return c ? [c, ...info.cnf] : info.cnf;
  }
  return info.cnf;
}

function best(cnf: Factors): string[] | null {
  let top: string[] | null = null;
  for (const c of cnf) if (!top || score(c) > score(top)) top = c;
  return top;
}

function concat(items: Info[]): Info {
  const cnf: Factors = [];
  let run: string[] = [''];
  let exact = true;
  const flush = () => {
    const c = clauseOf(run);
    if (c) cnf.push(c);
    run = [''];
  };
  for (const it of items) {
    if (it.exact) {
      cnf.push(...it.cnf);
      if (run.length * it.exact.length <= EXACT_MAX) {
        const next: string[] = [];
        for (const a of run) for (const b of it.exact) next.push(a + b);
        run = [...new Set(next)];
      } else {
        exact = false;
        flush();
        run = it.exact;
      }
    } else {
      exact = false;
      flush();
      cnf.push(...it.cnf);
    }
  }
  if (exact) return { exact: run, cnf };
  flush();
  return { exact: null, cnf };
}

function alternation(items: Info[]): Info {
  // (one exact set for all branches; the clauses a branch's lookaround adds hold only on that branch, and are dropped)
  if (items.every((i) => i.exact)) {
    const all = [...new Set(items.flatMap((i) => i.exact!))];
    if (all.length <= EXACT_MAX) return { exact: all, cnf: [] };
  }
  const clause: string[] = [];
  for (const it of items) {
    const b = best(cnfOf(it));
    if (!b) return ANY;
    clause.push(...b);
  }
  const c = clauseOf(clause);
  return c ? { exact: null, cnf: [c] } : ANY;
}

function repeat(item: Info, min: number, max: number): Info {
  if (min === 1 && max === 1) return item;
  if (min === 0) {
    if (max === 1 && item.exact && item.exact.length < EXACT_MAX) return { exact: [...new Set(['', ...item.exact])], cnf: [] };
    return ANY;
  }
  return { exact: null, cnf: cnfOf(item) };
}

const SYNTAX = new Set('^$\\.*+?()[]{}|/');
const CLASS_ESCAPES = new Set('dDwWsS');

/** The regex grammar, read just far enough for factors. Anything it does not know throws `Unsupported` or reads as ANY. */
class Reader {
  private i = 0;
  constructor(private readonly src: string, private readonly unicode: boolean, private readonly fold: boolean) {}

  read(): Info {
    const info = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported('trailing');
    return info;
  }

  private disjunction(): Info {
    const alts = [this.alternative()];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? alts[0]! : alternation(alts);
  }

  private alternative(): Info {
    const items: Info[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return concat(items);
  }

  private quantified(atom: Info): Info {
    const s = this.src;
    const c = s[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i, this.i + 24));
      if (!m) return atom; // (a literal brace, read by `atom` in non-unicode mode)
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (s[this.i] === '?') this.i++;
    return repeat(atom, min, max);
  }

  /** A literal character, folded when the regex ignores case. */
  private literal(ch: string): Info {
    if (!this.fold) return { exact: [ch], cnf: [] };
    const code = ch.codePointAt(0)!;
    if (code >= 0x80) return ANY;
    return { exact: [ch.toLowerCase()], cnf: [] };
  }

  private atom(): Info {
    const s = this.src;
    const c = s[this.i]!;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '^' || c === '$') {
      this.i++;
      return EMPTY;
    }
    if (c === '.') {
      this.i++;
      return ANY;
    }
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?' || c === ')') throw new Unsupported(`unexpected ${c}`);
    if ((c === '{' || c === '}' || c === ']') && this.unicode) throw new Unsupported('brace');
    if (this.unicode) {
      const cp = s.codePointAt(this.i)!;
      const ch = String.fromCodePoint(cp);
      this.i += ch.length;
      return this.literal(ch);
    }
    this.i++;
    return this.literal(c);
  }

  private group(): Info {
    const s = this.src;
    const head = /^\((\?(?:[:=!]|<[=!]|<[A-Za-z_$][\w$]*>))?/.exec(s.slice(this.i, this.i + 64))!;
    if (s[this.i + 1] === '?' && !head[1]) throw new Unsupported('group syntax');
    this.i += head[0].length;
    const inner = this.disjunction();
    if (s[this.i] !== ')') throw new Unsupported('unclosed group');
    this.i++;
    const kind = head[1] ?? '';
    // (a lookaround is zero-width; a positive one's text is in the subject, so its clauses hold; a negative one says nothing)
    if (kind === '?=' || kind === '?<=') return { exact: [''], cnf: cnfOf(inner) };
    if (kind === '?!' || kind === '?<!') return EMPTY;
    return inner;
  }

  /** An escape outside a class. */
  private escape(): Info {
    const s = this.src;
    const n = s[this.i + 1];
    if (n === undefined) throw new Unsupported('trailing backslash');
    if (n === 'b' || n === 'B') {
      this.i += 2;
      return EMPTY;
    }
    const ch = this.escapedChar(false);
    return ch === null ? ANY : this.literal(ch);
  }

  /**
   * The character an escape at `this.i` stands for (and moves past it), or null for a class escape, a back-reference or
   * anything not read here (the caller reads it as "any").
   */
  private escapedChar(inClass: boolean): string | null {
    const s = this.src;
    const n = s[this.i + 1]!;
    this.i += 2;
    if (CLASS_ESCAPES.has(n)) return null;
    if (n === 'p' || n === 'P') {
      if (this.unicode && s[this.i] === '{') {
        const end = s.indexOf('}', this.i);
        if (end < 0) throw new Unsupported('property');
        this.i = end + 1;
      }
      return null;
    }
    if (n === 'k') {
      if (s[this.i] === '<') {
        const end = s.indexOf('>', this.i);
        if (end < 0) throw new Unsupported('named reference');
        this.i = end + 1;
      }
      return null;
    }
    if (n >= '1' && n <= '9') {
      while (/[0-9]/.test(s[this.i] ?? '')) this.i++;
      return null;
    }
    if (n === '0') {
      if (/[0-9]/.test(s[this.i] ?? '')) {
        while (/[0-7]/.test(s[this.i] ?? '')) this.i++;
        return null;
      }
      return '\0';
    }
    if (n === 'n') return '\n';
    if (n === 'r') return '\r';
    if (n === 't') return '\t';
    if (n === 'v') return '\v';
    if (n === 'f') return '\f';
    if (inClass && n === 'b') return '\b';
    if (n === 'c') {
      if (/[A-Za-z]/.test(s[this.i] ?? '')) this.i++;
      return null;
    }
    if (n === 'x') {
      const m = /^[0-9A-Fa-f]{2}/.exec(s.slice(this.i, this.i + 2));
      if (!m) return null;
      this.i += 2;
      return String.fromCharCode(parseInt(m[0], 16));
    }
    if (n === 'u') {
      if (this.unicode && s[this.i] === '{') {
        const m = /^\{([0-9A-Fa-f]{1,6})\}/.exec(s.slice(this.i, this.i + 9));
        if (!m) throw new Unsupported('code point escape');
        this.i += m[0].length;
        return String.fromCodePoint(parseInt(m[1]!, 16));
      }
      const m = /^[0-9A-Fa-f]{4}/.exec(s.slice(this.i, this.i + 4));
      if (!m) return null;
      this.i += 4;
      const hi = parseInt(m[0], 16);
      // (a surrogate pair written as two escapes is one character in unicode mode)
      if (this.unicode && hi >= 0xd800 && hi <= 0xdbff) {
        const lo = /^\\u([dD][c-fC-F][0-9A-Fa-f]{2})/.exec(s.slice(this.i, this.i + 6));
        if (lo) {
          this.i += 6;
          return String.fromCharCode(hi, parseInt(lo[1]!, 16));
        }
      }
      // (a lone surrogate: not a character of the text's code points; not read)
      if (hi >= 0xd800 && hi <= 0xdfff) return null;
      return String.fromCharCode(hi);
    }
    // identity escapes: syntax characters (and '-' / '/' anywhere); a letter is not read (its meaning varies by mode)
    if (SYNTAX.has(n) || n === '-' || n === ',' || n === '=' || n === ':' || n === '<' || n === '>' || n === '!' || n === '#' || n === ' ' || n === "'" || n === '"' || n === '&' || n === '%' || n === '@' || n === '~' || n === '`' || n === ';' || n === '_') return n;
    if (/[A-Za-z0-9]/.test(n)) return null;
    if (this.unicode) throw new Unsupported('identity escape');
    return n;
  }

  private charClass(): Info {
    const s = this.src;
    this.i++;
    const negated = s[this.i] === '^';
    if (negated) this.i++;
    const members: string[] = [];
    let any = negated;
    while (this.i < s.length && s[this.i] !== ']') {
      const lo = this.classChar();
      if (s[this.i] === '-' && s[this.i + 1] !== ']' && this.i + 1 < s.length) {
        this.i++;
        const hi = this.classChar();
        if (lo === null || hi === null) {
          if (this.unicode) throw new Unsupported('class range');
          any = true; // (Annex B: `[\w-x]` is a class escape, '-' and 'x')
          continue;
        }
        const a = lo.codePointAt(0)!;
        const b = hi.codePointAt(0)!;
        if (b < a) throw new Unsupported('range order');
        if (b - a + 1 + members.length > CLASS_MAX) any = true;
        else for (let x = a; x <= b; x++) members.push(String.fromCodePoint(x));
        continue;
      }
      if (lo === null) any = true;
      else members.push(lo);
    }
    if (s[this.i] !== ']') throw new Unsupported('unclosed class');
    this.i++;
    if (any || members.length === 0 || members.length > CLASS_MAX) return ANY;
    const out = new Set<string>();
    for (const m of members) {
      const one = this.literal(m);
      if (!one.exact) return ANY;
      out.add(one.exact[0]!);
    }
    return { exact: [...out], cnf: [] };
  }

  /** One class member: a character, or null for a class escape. */
  private classChar(): string | null {
    const s = this.src;
    if (s[this.i] === '\\') return this.escapedChar(true);
    if (this.unicode) {
      const ch = String.fromCodePoint(s.codePointAt(this.i)!);
      this.i += ch.length;
      return ch;
    }
    return s[this.i++]!;
  }
}

/**
 * The literal factors of a regex: clauses (at most four, the most selective first) each of which must have one of its
 * strings in any text the regex matches (in `foldCase(text)` for an `i` regex), or null when none could be read.
 */
export function regexFactors(re: RegExp, clauseStrings = CLAUSE_STRINGS_MAX): Factors | null {
  if (re.flags.includes('v')) return null;
  let info: Info;
  clauseStringsMax = clauseStrings;
  try {
    info = new Reader(re.source, re.flags.includes('u'), re.flags.includes('i')).read();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  } finally {
    clauseStringsMax = CLAUSE_STRINGS_MAX;
  }
  const cnf = cnfOf(info)
    .filter((c) => c.length > 0 && c.every((x) => x.length > 0))
    .sort((a, b) => score(b) - score(a))
    .slice(0, CLAUSES_MAX);
  return cnf.length > 0 ? cnf : null;
}

/** Whether a text holds a string of every clause (what the gate asks, by plain search: for tests). */
export function admits(factors: Factors, text: string, ignoreCase: boolean): boolean {
  const t = ignoreCase ? foldCase(text) : text;
  return factors.every((c) => c.some((w) => t.includes(w)));
}

// --- the shared automaton and the gate ------------------------------------------------------------------------------

interface Gate {
  clauses: Int32Array[];
  fold: boolean;
}

/** Every factor string of every gated regex, and the automaton over them (rebuilt when a regex is gated after a scan). */
const words: string[] = [];
const wordIds = new Map<string, number>();
let automaton: Automaton | null = null;

/**
 * The Aho–Corasick automaton over every factor string: a dense transition table (states × character classes). Its
 * entries are `Uint16Array` while the states number fewer than 65,536 (half the memory of the `Int32Array` the rounds
 * before used: 10,626 states × 743 classes, 15.8 MB instead of 31.6 MB per thread), else `Int32Array`. A sparse table
 * (trie edges in a hash, failure links followed at run time) was tried this round: a few hundred KB, but its scan was
 * slower on the honest skills (docs/analysis-limits.md, "Twentieth round").
 */
class Automaton {
  /** Code unit → its class (0: a unit no factor holds). */
  readonly cls: Uint16Array;
  readonly width: number;
  readonly delta: Uint16Array | Int32Array;
  /** Per state: start into `outs` or -1 (the factors that end at the state itself). */
  readonly outStart: Int32Array;
  readonly outs: Int32Array;
  /**
   * Per state: the nearest state down its failure chain with factors of its own (0: none). Each state's factors are
   * marked once per scan (`marked`): prose passes the same few short-factor states ("to", "it", a letter of a CJK
   * word list) at most characters, and copying their merged lists again at each one was half the scan.
   */
  readonly dict: Int32Array;
  readonly marked: Int32Array;

  constructor(ws: readonly string[]) {
    const cls = new Uint16Array(65536);
    let width = 1;
    for (const w of ws) for (let k = 0; k < w.length; k++) if (cls[w.charCodeAt(k)] === 0) cls[w.charCodeAt(k)] = width++;
    const gotoT: Map<number, number>[] = [new Map()];
    const own: number[][] = [[]];
    ws.forEach((w, wi) => {
      let st = 0;
      for (let k = 0; k < w.length; k++) {
        const c = cls[w.charCodeAt(k)]!;
        let nx = gotoT[st]!.get(c);
        if (nx === undefined) {
          nx = gotoT.length;
          gotoT.push(new Map());
          own.push([]);
          gotoT[st]!.set(c, nx);
        }
        st = nx;
      }
      own[st]!.push(wi);
    });
    const n = gotoT.length;
    const delta = n < 65536 ? new Uint16Array(n * width) : new Int32Array(n * width);
    const fail = new Int32Array(n);
    const dict = new Int32Array(n);
    const queue: number[] = [];
    for (const [c, t] of gotoT[0]!) {
      delta[c] = t;
      queue.push(t);
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const st = queue[qi]!;
      const f = fail[st]!;
      dict[st] = own[f]!.length > 0 ? f : dict[f]!;
      const row = st * width;
      const frow = f * width;
      for (let c = 0; c < width; c++) {
        const t = gotoT[st]!.get(c);
        if (t !== undefined) {
          fail[t] = st === 0 ? 0 : delta[frow + c]!;
          delta[row + c] = t;
          queue.push(t);
        } else delta[row + c] = delta[frow + c]!;
      }
    }
    // (the root's row: units with no transition stay at the root)
    const outStart = new Int32Array(n).fill(-1);
    const list: number[] = [];
    for (let st = 0; st < n; st++) {
      if (own[st]!.length === 0) continue;
      outStart[st] = list.length;
      list.push(own[st]!.length, ...own[st]!);
    }
    this.cls = cls;
    this.width = width;
    this.delta = delta;
    this.outStart = outStart;
    this.outs = Int32Array.from(list);
    this.dict = dict;
    this.marked = new Int32Array(n);
  }

  /** Marks in `seen` (with `stamp`) every factor that occurs in `text`. */
  scan(text: string, seen: Int32Array, stamp: number): void {
    const { cls, delta, width, outStart, outs, dict, marked } = this;
    let st = 0;
    for (let k = 0; k < text.length; k++) {
      st = delta[st * width + cls[text.charCodeAt(k)]!]!;
      // (the state's own factors and those down its chain, up to a state already marked in this scan)
      for (let s = outStart[st]! >= 0 ? st : dict[st]!; s !== 0 && marked[s] !== stamp; s = dict[s]!) {
        marked[s] = stamp;
        const o = outStart[s]!;
        const end = o + outs[o]!;
        for (let j = o + 1; j <= end; j++) seen[outs[j]!] = stamp;
      }
    }
  }
}

/** The last texts scanned, each with its hits (a stamp per factor). */
const CACHE = 4;
const cacheText: (string | null)[] = new Array(CACHE).fill(null);
const cacheFold: boolean[] = new Array(CACHE).fill(false);
/** The text each entry's scan read (`foldCase(text)` for a folded entry). */
const cacheScanned: (string | null)[] = new Array(CACHE).fill(null);
const cacheSeen: Int32Array[] = [];
const cacheStamp = new Int32Array(CACHE);
let cacheNext = 0;
let stampCounter = 0;

/** Texts longer than this are not gated (a single run of the regex costs about what a scan does). */
const GATE_MAX_CHARS = 8192;

/** What `hitsFor` found: the hits of the text it was last asked about (module state, not an object per call: `passes` runs
 * for nearly every question a reader asks, and the object was garbage at once). */
let hitSeen: Int32Array = new Int32Array(0);
let hitStamp = 0;

/** Sets `hitSeen` and `hitStamp` to the factors `text` holds (scanned, or remembered from the last few texts). */
function hitsFor(text: string, fold: boolean): void {
  for (let k = 0; k < CACHE; k++) {
    if (cacheText[k] === text && cacheFold[k] === fold) {
      hitSeen = cacheSeen[k]!;
      hitStamp = cacheStamp[k]!;
      return;
    }
  }
  if (!automaton || cacheSeen[0]!.length !== words.length) {
    automaton = new Automaton(words);
    for (let k = 0; k < CACHE; k++) {
      cacheSeen[k] = new Int32Array(words.length);
      cacheText[k] = null;
      cacheScanned[k] = null;
    }
  }
  const scanned = fold ? foldCase(text) : text;
  // (a text asked both as written and folded that folding leaves as it is — a lowered sentence, asked by gates with and
  // without the i flag — is scanned once: the hits depend on the scanned text alone)
  for (let k = 0; k < CACHE; k++) {
    if (cacheScanned[k] === scanned) {
      hitSeen = cacheSeen[k]!;
      hitStamp = cacheStamp[k]!;
      return;
    }
  }
  const k = cacheNext;
  cacheNext = (cacheNext + 1) % CACHE;
  const stamp = ++stampCounter;
  automaton.scan(scanned, cacheSeen[k]!, stamp);
  cacheText[k] = text;
  cacheFold[k] = fold;
  cacheScanned[k] = scanned;
  cacheStamp[k] = stamp;
  hitSeen = cacheSeen[k]!;
  hitStamp = stamp;
}

function passes(gate: Gate, text: string): boolean {
  if (text.length > GATE_MAX_CHARS) return true;
  hitsFor(text, gate.fold);
  const seen = hitSeen;
  const stamp = hitStamp;
  for (const c of gate.clauses) {
    let ok = false;
    for (let j = 0; j < c.length; j++) {
      if (seen[c[j]!] === stamp) {
        ok = true;
        break;
      }
    }
    if (!ok) return false;
  }
  return true;
}

const gates = new WeakMap<RegExp, Gate | null>();

function gateOf(re: RegExp, clauseStrings?: number): Gate | null {
  let g = gates.get(re);
  if (g !== undefined) return g;
  const f = regexFactors(re, clauseStrings);
  g = f
    ? {
        fold: re.flags.includes('i'),
        clauses: f.map((c) => Int32Array.from(c, (w) => {
          let id = wordIds.get(w);
          if (id === undefined) {
            wordIds.set(w, (id = words.length));
            words.push(w);
          }
          return id;
        })),
      }
    : null;
  gates.set(re, g);
  return g;
}

/**
 * Whether a registered regex (`registerFactors`) cannot match `text`, as far as its factors tell: true only when a
 * clause has no hit. An unregistered regex answers false without reading its factors, so a hot helper that runs
 * whatever regex it is given (`finders.ts first`) can ask it of every call and never grows the automaton at run time.
 */
export function ruledOut(re: RegExp, text: string): boolean {
  const g = gates.get(re);
  return g != null && !passes(g, text);
}

/** Whether `re` can match `text` as far as its factors tell (true: run it; false: it cannot match). */
export function mayMatch(re: RegExp, text: string): boolean {
  const g = gateOf(re);
  return g === null || passes(g, text);
}

/** Every regex gated so far (for the test that runs each over the corpora). */
const gatedList: RegExp[] = [];
export function gatedRegExps(): readonly RegExp[] {
  return gatedList;
}

/**
 * Reads `re`'s factors now, for a caller that asks `mayMatch(re, text)` itself before running `re` (a battery of
 * regexes run over every unit), and lists it with the gated regexes (the corpus test). Register at module load: a gate
 * added after the first scan rebuilds the shared automaton. Returns `re`.
 */
export function registerFactors<T extends RegExp>(re: T, clauseStrings?: number): T {
  if (gateOf(re, clauseStrings) && !gatedList.includes(re)) gatedList.push(re);
  return re;
}

/**
 * The factors `registerFactors(re, clauseStrings)` gates `re` with (null: none), read with that bound on a clause's
 * strings: a wide alternation (dozens of phrases in many languages) has one clause of every branch's words, over the
 * default bound.
 */
export function factorsOf(re: RegExp): Factors | null {
  const g = gates.get(re);
  return g ? g.clauses.map((c) => Array.from(c, (id) => words[id]!)) : null;
}

const nativeExec = RegExp.prototype.exec;
const nativeTest = RegExp.prototype.test;
const GATED = Symbol('gated');

/**
 * Gates `re` in place: its `exec` and `test` first ask the factors and return "no match" for a text that holds none of
 * a clause, else run a plain twin of the regex (so the engine's fast path is kept) with `lastIndex` carried across.
 * A regex whose factors cannot be read is left as it is. Returns `re`.
 */
export function gateRegExp<T extends RegExp>(re: T): T {
  if ((re as unknown as Record<symbol, boolean>)[GATED] || Object.isFrozen(re)) return re;
  const g = gateOf(re);
  if (!g) return re;
  const twin = new RegExp(re.source, re.flags);
  const stateful = re.global || re.sticky;
  Object.defineProperties(re, {
    [GATED]: { value: true },
    exec: {
      configurable: true,
      writable: true,
      value(this: RegExp, s: unknown): RegExpExecArray | null {
        const text = String(s);
        if (this !== re) return nativeExec.call(this, text);
        if (!passes(g, text)) {
          if (stateful) re.lastIndex = 0;
          return null;
        }
        if (!stateful) return nativeExec.call(twin, text);
        twin.lastIndex = re.lastIndex;
        const m = nativeExec.call(twin, text);
        re.lastIndex = twin.lastIndex;
        return m;
      },
    },
    test: {
      configurable: true,
      writable: true,
      value(this: RegExp, s: unknown): boolean {
        const text = String(s);
        if (this !== re) return nativeTest.call(this, text);
        if (!passes(g, text)) {
          if (stateful) re.lastIndex = 0;
          return false;
        }
        if (!stateful) return nativeTest.call(twin, text);
        twin.lastIndex = re.lastIndex;
        const r = nativeTest.call(twin, text);
        re.lastIndex = twin.lastIndex;
        return r;
      },
    },
  });
  gatedList.push(re);
  return re;
}

/** Gates every regex held by a rule table (the entries' own fields, one level deep) in place; returns the table. */
export function gateRegExps<T>(table: T): T {
  const visit = (v: unknown) => {
    if (v instanceof RegExp) gateRegExp(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) if (x instanceof RegExp) gateRegExp(x);
  };
  if (Array.isArray(table)) table.forEach(visit);
  else visit(table);
  return table;
}

/**
 * The mutable state of one file's scan (file-scan.ts): the signals seen, the first position of each
 * signal and hint, the positions of decodes and sinks, the secrets found. The anchor handlers
 * (anchors.ts) write into it; the scan reads it back to decide findings.
 */
import { SENSITIVE_RE, TOOL_CONFIG } from './patterns.js';
import { Signal } from './signals.js';

/** Keys for the first position of a hint. */
export enum Hint {
  ENV_DUMP,
  CRED_ENV,
  SUS_URL,
  REMOTE_PIPE,
  SENSITIVE,
  BLOB,
  MINING,
  OBF_IDENT,
  OTHER,
}

const MAX_POSITIONS = 4096;
const MAX_SECRETS_PER_FILE = 5;

/** Mutable state of one file's scan; the anchor handlers write into it. */
export class ScanState {
  signals = 0;
  readonly firstIndex = new Map<number, number>();
  readonly firstOf = new Map<Hint, [number, number]>();
  readonly decodePos: number[] = [];
  readonly sinkPos: number[] = [];
  /** Where a curl / wget command on a URL is written (Signal.CMD_NET), at most 64. */
  readonly cmdNetPos: number[] = [];
  readonly secrets: [number, string][] = [];
  obfIdents = 0;
  fromCharCodes = 0;
  /** A gate literal of a behaviour rule or of the decoder occurs in the file. */
  gated = false;
  ownUnescape: boolean | undefined;
  /** Length of the anchor being handled. */
  wordLength = 0;

  private closeFrom = -1;
  private closeAt = -1;

  constructor(readonly text: string) {}

  /** Index of the first ')' at or after `pos` (-1 if none), cached: queries come in increasing order. */
  nextClose(pos: number): number {
    if (this.closeFrom !== -1 && pos >= this.closeFrom && (this.closeAt === -1 || pos <= this.closeAt)) return this.closeAt;
    this.closeFrom = pos;
    this.closeAt = this.text.indexOf(')', pos);
    return this.closeAt;
  }

  private openFor = -1;
  private openAt = -1;

  private afterFor = -1;
  private afterAt = -1;

  /** Index of the first ')' after the one at `close`, cached per `close`. */
  closeAfter(close: number): number {
    if (this.afterFor !== close) {
      this.afterFor = close;
      this.afterAt = this.text.indexOf(')', close + 1);
    }
    return this.afterAt;
  }

  /** Index of the last '(' before `close`, cached per `close`. */
  lastOpenBefore(close: number): number {
    if (this.openFor !== close) {
      this.openFor = close;
      this.openAt = this.text.lastIndexOf('(', close);
    }
    return this.openAt;
  }

  set(bits: number, idx: number): void {
    this.signals |= bits;
    for (let b = 1; b <= bits; b <<= 1) {
      if (bits & b && !this.firstIndex.has(b)) this.firstIndex.set(b, idx);
    }
  }

  mark(bits: number, idx: number, k: Hint, len: number): void {
    this.set(bits, idx);
    if (!this.firstOf.has(k)) this.firstOf.set(k, [idx, len]);
  }

  sink(idx: number): void {
    if (this.sinkPos.length < MAX_POSITIONS) this.sinkPos.push(idx);
  }

  decode(idx: number): void {
    this.set(Signal.DECODE, idx);
    if (this.decodePos.length < MAX_POSITIONS) this.decodePos.push(idx);
  }

  secret(idx: number, s: string): void {
    if (s.startsWith('AKIA') && /EXAMPLE/.test(this.text.slice(idx, idx + 24))) return;
    if (this.secrets.length < MAX_SECRETS_PER_FILE) this.secrets.push([idx, s]);
  }

  obfuscatedIdent(idx: number): void {
    if (this.obfIdents++ === 0) this.firstOf.set(Hint.OBF_IDENT, [idx, 8]);
  }

  fromCharCode(): void {
    this.fromCharCodes++;
  }

  first(k: Hint): [number, number] {
    return this.firstOf.get(k) ?? [-1, 0];
  }

  /** Credential paths: the first one, preferring a credential store over a tool's config file. */
  strongSensitive = false;
  sensitivePass(): void {
    const re = SENSITIVE_RE;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let seen = 0;
    while ((m = re.exec(this.text)) !== null && seen++ < 64) {
      const strong = !TOOL_CONFIG.test(m[0]);
      if (strong || !this.firstOf.has(Hint.SENSITIVE)) {
        if (strong) this.firstOf.delete(Hint.SENSITIVE);
        this.mark(Signal.SENSITIVE_PATH, m.index, Hint.SENSITIVE, m[0].length);
      }
      if (strong) {
        this.strongSensitive = true;
        break;
      }
    }
    re.lastIndex = 0;
  }

  /** A whole-file pass for a rare, expensive pattern, run only when an intent rule needs it. */
  pass(re: RegExp, bits: number, k: Hint, accept: (m: string, index: number) => boolean = () => true): void {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.text)) !== null) {
      if (accept(m[0], m.index)) {
        this.mark(bits, m.index, k, m[0].length);
        break;
      }
    }
    re.lastIndex = 0;
  }
}

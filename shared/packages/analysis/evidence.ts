/** Where a finding is in a file: its line, and the evidence shown for it (secrets redacted). */

/** Lazy newline index: built once per file, only when a finding needs a line number. */
export class Lines {
  private nl: number[] | null = null;
  constructor(private readonly text: string) {}
  lineAt(index: number): number {
    if (!this.nl) {
      const nl: number[] = [];
      let i = this.text.indexOf('\n');
      while (i !== -1) {
        nl.push(i);
        i = this.text.indexOf('\n', i + 1);
      }
      this.nl = nl;
    }
    const nl = this.nl;
    let lo = 0;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (nl[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
}

const NON_PRINTABLE = /[^\x20-\x7e]+/g;

export function evidenceAt(text: string, index: number, length: number, redact = false): string {
  let ls = text.lastIndexOf('\n', index - 1) + 1;
  let le = text.indexOf('\n', index);
  if (le === -1) le = text.length;
  if (redact) {
    const raw = text.slice(index, index + length);
    return redactSecret(raw).slice(0, 120);
  }
  ls = Math.max(ls, index - 40);
  le = Math.min(le, Math.max(index + length, ls + 120), ls + 120);
  return text.slice(ls, le).replace(NON_PRINTABLE, ' ').trim().slice(0, 120);
}

export function redactSecret(s: string): string {
  if (s.startsWith('-----BEGIN')) return s.slice(0, s.indexOf('KEY-----') + 8);
  const keep = s.startsWith('xox') ? 5 : s.startsWith('github_pat_') ? 11 : 4;
  return `${s.slice(0, keep)}${'*'.repeat(Math.max(4, Math.min(12, s.length - keep)))}`;
}

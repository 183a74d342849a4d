/**
 * Names of code execution spelled in pieces (pkgnpm11): `"__imp" + "ort__"`, `"sy" + "stem"`,
 * `"".join(["o", "s"])`, `"c" + "url -s https://… | s" + "h"`. A program that means to call `__import__`,
 * `os.system` or `exec` writes the name; one that glues string literals together into exactly such a name
 * (or into a download piped to a shell) hides it from readers and scanners. Reported HIGH as obfuscation;
 * the role of the file weighs it as every other finding.
 */

/** Names whose spelling in pieces hides a call of code execution, a process start or the module loader. */
const HIDDEN_NAME =
  /^(?:__import__|__builtins__|builtins|exec|eval|compile|system|popen|Popen|subprocess|check_output|getoutput|spawnv|execv|execvp|startfile|marshal|loads|b64decode|urlopen|urlretrieve)$/;
/** A download piped into a shell, folded out of pieces. */
const PIPE_SHELL = /\b(?:curl|wget)\b[^|;&\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|;&\n]{0,200}\|\s*(?:iex|Invoke-Expression)\b/i;

const STR = String.raw`(?:"[^"\\\n]{0,200}"|'[^'\\\n]{0,200}')`;
/** Two or more string literals joined by `+`. */
const CONCAT = new RegExp(String.raw`${STR}(?:\s*\+\s*${STR})+`, 'g');
/** `"".join(["o", "s"])` / `''.join(("o", "s"))`. */
const JOIN = new RegExp(String.raw`(["'])\1\.join\(\s*[\[(]\s*(${STR}(?:\s*,\s*${STR})+)\s*,?\s*[\])]\s*\)`, 'g');

function fold(pieces: string): string[] {
  return [...pieces.matchAll(new RegExp(STR, 'g'))].map((m) => m[0].slice(1, -1));
}

/** `"".join(map(chr, [101, 120, …]))`, `"".join(chr(c) for c in NAME)`, `bytes([…]).decode()`: text spelled as character codes. */
const CHR_JOIN = /(["'])\1\.join\(\s*(?:map\(\s*chr\s*,\s*(\[[\d,\s]{1,20000}\]|\w+)\s*\)|chr\(\s*(\w+)\s*\)\s+for\s+\3\s+in\s+(\[[\d,\s]{1,20000}\]|\w+))\s*\)|\bbytes\(\s*(\[[\d,\s]{1,20000}\]|\w+)\s*\)\.decode\(/g;
/** Code that runs or fetches something, once decoded. */
const RUNS_OR_FETCHES = /\b(?:exec|eval|compile|__import__|system|popen|Popen|urlopen|urlretrieve|check_output)\s*\(|\bsubprocess\b|\brequests\.(?:get|post)\(/;

function codes(text: string, listOrName: string): string | null {
  let list = listOrName;
  if (/^\w+$/.test(list)) {
    const m = new RegExp(`^\\s*${list}\\s*=\\s*(\\[[\\d,\\s]{1,20000}\\])`, 'm').exec(text);
    if (!m) return null;
    list = m[1]!;
  }
  const nums = list.slice(1, -1).split(',').map((x) => x.trim()).filter(Boolean).map(Number);
  if (nums.length < 2 || nums.some((x) => !Number.isInteger(x) || x < 0 || x > 0x10ffff)) return null;
  return String.fromCodePoint(...nums.slice(0, 5000));
}

/** The first name of execution (or download-to-shell command) glued from literal pieces, with where it is. */
export function splitExecName(text: string): { index: number; length: number; name: string } | null {
  if (!text.includes('+') && !text.includes('.join(') && !text.includes('bytes(')) return null;
  CHR_JOIN.lastIndex = 0;
  for (const m of text.matchAll(CHR_JOIN)) {
    const whole = codes(text, (m[2] ?? m[4] ?? m[5])!);
    if (whole !== null && (HIDDEN_NAME.test(whole) || RUNS_OR_FETCHES.test(whole) || PIPE_SHELL.test(whole)))
      return { index: m.index!, length: Math.min(120, m[0].length), name: whole.replace(/\s+/g, ' ').slice(0, 80) };
  }
  for (const re of [CONCAT, JOIN]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const parts = fold(re === JOIN ? m[2]! : m[0]);
      if (parts.length < 2 || parts.some((p) => p.length === 0 && re === CONCAT)) continue;
      const whole = parts.join('');
      // Every piece is shorter than the name: it was split, not merely followed by more text.
      if (HIDDEN_NAME.test(whole) || (PIPE_SHELL.test(whole) && !parts.some((p) => PIPE_SHELL.test(p))))
        return { index: m.index!, length: Math.min(120, m[0].length), name: whole.slice(0, 80) };
    }
  }
  return null;
}

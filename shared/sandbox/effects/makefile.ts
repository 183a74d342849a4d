
import { matchAll } from '../match-all.js';/**
 * Makefile → the shell reader. Make runs recipe lines and `$(shell …)` through the shell, and reads
 * `include`d files as more Makefile, on every `make`: a small line translator keeps one output line
 * per input line (so every action keeps its line): `NAME := $(shell cmd)` → `NAME="$(cmd)"`,
 * `$(NAME)` → `$NAME`, `include f` → `. "f"` (the included file runs as part of the build), recipe
 * lines (tab-indented) → the command without make's `@`/`-` prefixes, everything else → blank.
 * See docs/skill-effect-model.md.
 */

export const MAKE_LANGS: ReadonlySet<string> = new Set(['make', 'makefile', 'mk', 'gnumake', 'bsdmake']);

/** Make's `$(shell …)` and `$(VAR)`/`${VAR}` in shell spelling. */
function expand(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '$') {
      out += '$';
      i++;
      continue;
    }
    if (text[i] === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
      const close = text[i + 1] === '(' ? ')' : '}';
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === text[i + 1]) depth++;
        else if (text[j] === close && --depth === 0) break;
      }
      const inner = text.slice(i + 2, j);
      const fn = /^shell\s+([\s\S]*)$/.exec(inner);
      if (fn) out += `$(${expand(fn[1]!)})`;
      else if (/^\w+$/.test(inner)) out += `$${inner}`;
      else out += '';
      i = j;
      continue;
    }
    out += text[i];
  }
  return out;
}

function translateLine(line: string): string {
  if (/^\t/.test(line)) return expand(line.replace(/^\t+[@+-]*/, ''));
  const body = line.trim();
  if (!body || body.startsWith('#')) return '';
  const asg = /^(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}=|\?=|\+=|!=|=)\s*(.*)$/.exec(body);
  if (asg && /^[A-Za-z_]\w*$/.test(asg[1]!)) {
    const value = /!=/.test(body.slice(asg[1]!.length, body.indexOf(asg[2]!))) ? `$(${asg[2]})` : expand(asg[2]!);
    return `${asg[1]}="${value.replace(/"/g, '\\"').replace(/\\"\$\(/g, '$(')}"`;
  }
  const inc = /^-?(?:s?include)\s+(.+)$/.exec(body);
  if (inc) return inc[1]!.trim().split(/\s+/).map((f) => `. "${expand(f)}"`).join('; ');
  // a target line may carry a recipe after `;`
  const semi = /^[^:=]+:[^=;]*;\s*(.+)$/.exec(body);
  if (semi) return expand(semi[1]!);
  // `$(shell …)` anywhere else (conditionals, target lists) still runs
  const shells = [...matchAll(body, /\$\(shell\s+([^()]*(?:\([^()]*\)[^()]*)*)\)/g)].map((m) => expand(m[1]!));
  return shells.length ? `: ${shells.map((c) => `"$(${c})"`).join(' ')}` : '';
}

/** The shell text standing for a Makefile, line for line. */
export function makefileToShell(text: string): string {
  // a variable or directive continued with `\` is one logical line (`LDFLAGS := -s -w \` + `-X …`): joined, with the
  // continuation lines left blank so lines keep their numbers (recipe lines stay: the shell reads their `\` itself)
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    if (/^\t/.test(lines[i]!)) continue;
    let j = i;
    while (j < lines.length - 1 && /\\$/.test(lines[i]!) && lines[i]!.length < 2000) {
      j++;
      lines[i] = `${lines[i]!.slice(0, -1).trimEnd()} ${lines[j]!.trim()}`;
      lines[j] = '';
    }
    i = j;
  }
  return lines.map((l) => (l.length > 2000 ? '' : translateLine(l))).join('\n');
}

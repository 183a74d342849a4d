
import { matchAll } from '../match-all.js';/**
 * Which program a run-later entry starts. A launchd plist names it in ProgramArguments (or Program); a
 * command line names it in its first word, or, when that word is an interpreter, in the script it is
 * given (`python3 refresh.py data.csv` starts refresh.py, not data.csv). Shared by the configuration
 * reader (a unit's ExecStart, a cron line) and the policies (does a run-later entry start a download).
 */

/** A launchd plist's ProgramArguments as the command line it runs (`/bin/zsh -c "curl … | zsh"` runs its third string), or null. */
export function plistCommand(text: string): string | null {
  const args = /<key>\s*ProgramArguments\s*<\/key>\s*<array>([\s\S]*?)<\/array>/i.exec(text)?.[1];
  const program = /<key>\s*Program\s*<\/key>\s*<string>([^<]*)<\/string>/i.exec(text)?.[1];
  if (!args && !program) return null;
  const strs = [...matchAll((args ?? ''), /<string>([^<]*)<\/string>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'));
  if (strs.length >= 3 && /(?:^|\/)(?:ba|z|da|k)?sh$/.test(strs[0]!) && strs[1] === '-c') return strs.slice(2).join(' ');
  return strs.length ? strs.map((x) => (/[\s|;&]/.test(x) ? `'${x.replace(/'/g, "'\\''")}'` : x)).join(' ') : program ?? null;
}

const INTERPRETER = /^(?:(?:ba|z|da|k)?sh|python[\d.]*|node|ruby|perl|deno|bun)$/;

/** The program one command line starts (its first word, or an interpreter's script), unquoted; '' when none. */
export function programWord(command: string): string {
  const words = command
    .trim()
    .replace(/^[-@+!:]+/, '') // systemd's ExecStart prefixes
    .replace(/^(?:sudo|exec|nohup|env(?:\s+\w+=\S+)*)\s+/, '')
    .split(/\s+/);
  let w = words[0] ?? '';
  if (INTERPRETER.test(w.split('/').pop() ?? '')) w = words.slice(1).find((x) => !x.startsWith('-')) ?? '';
  return w.replace(/^["']|["']$/g, '');
}

/** The base names of the programs written content starts: a plist's program, or each command of each line (cron schedules skipped). */
export function programBases(content: string): Set<string> {
  const out = new Set<string>();
  const plist = plistCommand(content);
  const lines = plist !== null ? [plist] : content.split(/\n|;|&&|\|\|?/);
  for (const line of lines) {
    const command = line.replace(/^\s*(?:@\w+|(?:[\d*/,-]+\s+){5})/, ''); // a cron line's schedule
    const base = programWord(command).split('/').pop() ?? '';
    if (base) out.add(base);
  }
  return out;
}

/**
 * The command a runner starts somewhere else (catalogue/runners.ts): `ssh host 'cmd'`, `kubectl exec pod -- cmd`,
 * `docker run image cmd`, `gcloud compute ssh vm --command 'cmd'` … as shell text, for the shell reader to read
 * as it reads `bash -c` (docs/skill-effect-model.md, "Commands run elsewhere").
 */
import { RUNNERS, URL_RUNNERS, WSL_EXEC, type Runner } from '../catalogue/runners.js';

/** A word quoted for a shell, so argv-style commands (`-- sh -c 'a | b'`) read back as the same words. */
function quoted(w: string): string {
  return /^[\w@%+=:,./~$-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** Where the runner's sub-command ends (`kubectl -n x exec`: after `exec`), or -1 when it has none of them. */
function afterSub(r: Runner, args: readonly string[]): number {
  if (!r.sub) return 0;
  for (const sub of r.sub) {
    // (global options may come first: `kubectl -n prod exec`, `docker --context x run`)
    for (let k = 0; k < Math.min(args.length, 6); k++) {
      if (args[k] !== sub[0]) continue;
      if (sub.every((s, j) => args[k + j] === s)) return k + sub.length;
      break;
    }
  }
  return -1;
}

export interface Elsewhere {
  /** The command, as shell text. */
  code: string;
  /** Index (in the runner's arguments) of the word the command starts in. */
  first: number;
}

/** The command `cmd args…` runs elsewhere, or null when it runs none (or the catalogue does not know the runner). */
export function commandElsewhere(cmd: string, args: readonly string[]): Elsewhere | null {
  const r = RUNNERS[cmd];
  if (!r) return null;
  const start = afterSub(r, args);
  if (start < 0) return null;
  const rest = args.slice(start);
  if (r.when && !r.when(rest)) return null;
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    for (const f of r.commandFlags ?? []) {
      if (a === f && rest[k + 1] !== undefined) {
        // (`az … --scripts 'line 1' 'line 2'`: every value up to the next option is a line of the script)
        let end = k + 2;
        if (f === '--scripts') while (end < rest.length && !rest[end]!.startsWith('--')) end++;
        return { code: rest.slice(k + 1, end).join('\n'), first: start + k + 1 };
      }
      if (f.startsWith('--') && a.startsWith(`${f}=`)) return { code: a.slice(f.length + 1), first: start + k };
    }
  }
  const dd = rest.indexOf('--');
  const wsl = cmd === 'wsl' ? rest.findIndex((a) => WSL_EXEC.test(a)) : -1;
  if ((r.afterDashDash && dd >= 0) || wsl >= 0) {
    const from = wsl >= 0 ? wsl + 1 : dd + 1;
    const words = rest.slice(from);
    return words.length ? { code: r.joined ? words.join(' ') : words.map(quoted).join(' '), first: start + from } : null;
  }
  if (r.targets < 0) return null;
  let targets = 0;
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (a === '--') continue;
    if (a.startsWith('-') && a.length > 1) {
      if (!a.includes('=') && r.valued?.includes(a)) k++;
      continue;
    }
    if (targets < r.targets) {
      targets++;
      continue;
    }
    const words = rest.slice(k);
    return { code: r.joined ? words.join(' ') : words.map(quoted).join(' '), first: start + k };
  }
  return null;
}

/** The address a URL runner (catalogue/runners.ts) downloads and runs, or null. */
export function urlRun(cmd: string, args: readonly string[]): string | null {
  const re = URL_RUNNERS[cmd.toLowerCase()];
  if (!re) return null;
  for (const a of args) {
    const m = re.exec(a);
    if (m) return m[1]!;
  }
  return null;
}

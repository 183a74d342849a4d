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

/** Container runners whose `-v` / `--volume` / `--mount` put host folders into the container (catalogue/runners.ts). */
const MOUNTING = /^(?:docker|podman|nerdctl)$/;

/**
 * The host folders a container command mounts, each with where the container sees it (`-v "$HOME":/h`,
 * `--volume=~/.aws:/root/.aws:ro`, `--mount type=bind,source=~,target=/h`): what the command run in the container reads
 * or sends under that place is the host's folder.
 */
export function mountedFolders(cmd: string, args: readonly string[]): { host: string; inside: string }[] {
  if (!MOUNTING.test(cmd)) return [];
  const out: { host: string; inside: string }[] = [];
  for (let k = 0; k < args.length && out.length < 16; k++) {
    const a = args[k]!;
    let spec: string | undefined;
    if (a === '-v' || a === '--volume' || a === '--mount') spec = args[++k];
    else if (/^--(?:volume|mount)=/.test(a)) spec = a.slice(a.indexOf('=') + 1);
    else if (/^-v./.test(a)) spec = a.slice(2);
    if (!spec) continue;
    if (/(?:^|,)(?:source|src)=/.test(spec)) {
      const host = /(?:^|,)(?:source|src)=([^,]+)/.exec(spec)?.[1];
      const inside = /(?:^|,)(?:target|destination|dst)=([^,]+)/.exec(spec)?.[1];
      if (host && inside) out.push({ host, inside });
      continue;
    }
    const [host, inside] = spec.split(':');
    if (host && inside && /^(?:[~/.]|\$)/.test(host) && inside.startsWith('/')) out.push({ host, inside });
  }
  return out;
}

/** `code` with each place a host folder is mounted at spelled as that host folder (`tar cz /h` → `tar cz ~`). */
export function asHostPaths(code: string, mounts: readonly { host: string; inside: string }[]): string {
  let out = code;
  for (const m of mounts) {
    if (m.inside === '/') continue;
    const at = m.inside.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(^|[\\s'"=:(])${at}(?=/|[\\s'";|&)]|$)`, 'g'), (_m, pre: string) => `${pre}${m.host}`);
  }
  return out;
}

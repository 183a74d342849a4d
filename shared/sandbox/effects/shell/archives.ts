/**
 * Copies, archives and syncs read by the shell reader (cp, tar, zip, rsync, scp, rclone …): what goes where.
 * Moved out of shell.ts unchanged.
 */
import { hostOf } from '../../hosts.js';
import { normalisePath } from '../catalogue/locations.js';
import type { Word } from './words.js';
import type { ShellReader } from '../shell.js';
import { matchAll } from '../../match-all.js';

/**
 * What a folder copy's include filters take from each source folder (`aws s3 sync "$HOME" s3://b --exclude '*'
 * --include '.aws/*'`, `rclone copy ~ r: --include '.ssh/**'`, `rsync --include='.kube/***'`): `$HOME/.aws`, so a
 * secret folder named only as a filter is read like one named as the source.
 */
export function includedPaths(sources: readonly string[], args: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < args.length && out.length < 32; k++) {
    const m = /^--include(?:=(.+))?$/.exec(args[k]!);
    if (!m) continue;
    const pattern = (m[1] ?? args[k + 1] ?? '').replace(/^['"]|['"]$/g, '').replace(/(?:\/\*+)+$|\*+$/, '').replace(/^\/+/, '');
    if (!pattern || pattern.includes('*') || /^[\w.-]*:/.test(pattern)) continue;
    for (const src of sources.slice(0, 4)) if (!/:\/\//.test(src)) out.push(`${src.replace(/\/+$/, '')}/${pattern}`);
  }
  return out;
}

export function readCopy(this: ShellReader, cmd: string, how: 'cp' | 'archive' | 'sync', args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
  // a flag's value is not an operand: `rsync -e "ssh -p 22"`, `sftp -b batch -P 2222`
  const valued = cmd === 'rsync' ? /^-e$|^--(?:rsh|exclude|exclude-from|include|include-from|link-dest|compare-dest|copy-dest|filter|files-from|port|password-file|rsync-path|log-file|chmod|chown)$/
    : cmd === 'scp' || cmd === 'sftp' ? /^-[bPiFoBJSclDR]$/
      : cmd === 'rclone' ? /^--(?:include|exclude|filter|include-from|exclude-from|filter-from|files-from|config|transfers|checkers|bwlimit|max-age|min-age|max-size|min-size|log-file|log-level)$/
    // tar's and zip's exclusion patterns name what is left out, not what is packed (`--exclude .env`, `zip -x .env`)
    : how === 'archive' ? /^(?:--exclude|--exclude-from|-X|-x|--exclude-vcs-ignores)$/ : null;
  const plain = args.filter((a, k) => !a.text.startsWith('-') && !(valued && k > 0 && valued.test(args[k - 1]!.text)));
  if (how === 'sync') {
    // scp/rsync/sftp: an argument `[user@]host:path` (not a Windows drive) is the remote side; user and host may be variables
    const isRemote = (t: string) => /^(?:[\w.${}-]+@)?[\w.${}-]+:(?!\/\/)/.test(t) && !/^[A-Za-z]:[\\/]/.test(t) && !/^\w+=/.test(t);
    if (cmd === 'sftp' || cmd === 'lftp' || cmd === 'smbclient') {
      // the client's commands come from `-b FILE`, stdin, or (lftp, smbclient) a `-e`/`-c` script: each `put` (lftp's
      // `mirror -R`) names a local file or folder sent to the host
      const bIdx = argTexts.indexOf('-b');
      const batch = bIdx >= 0 ? this.resolve(argTexts[bIdx + 1] ?? '') : '';
      const flagged = cmd === 'sftp' ? [] : argTexts.flatMap((a, k) => (/^-[ec]$/.test(argTexts[k - 1] ?? '') ? [a] : /^--command=/.test(a) ? [a.slice(10)] : []));
      const script = [(batch ? this.textOf([`path:${batch}`]) : ''), this.textOf(input), ...flagged].join('\n').replace(/;\s*/g, '\n');
      const puts = [...matchAll(script, /^\s*-?(?:m?put|reput|mirror\s+(?:-\w+\s+)*?(?:-R|--reverse))\b((?:\s+-\w+)*)\s+(\S+)/gm)].map((m) => m[2]!);
      // (the host: sftp's last operand, lftp's URL or `open` line, smbclient's `//host/share`)
      const target = cmd === 'sftp' ? plain[plain.length - 1]?.text ?? ''
        : cmd === 'smbclient' ? (/^\/\/([^/\s]+)/.exec(argTexts.find((a) => a.startsWith('//')) ?? '')?.[1] ?? '')
          : (hostOf(argTexts.find((a) => /^s?ftps?:\/\/|^sftp:\/\//i.test(a)) ?? '') ?? /^\s*open\s+(?:-u\s+\S+\s+)?(?:\w+:\/\/)?(?:[^@\s]*@)?([\w.-]+)/m.exec(script)?.[1] ?? '');
      if (puts.length && target && !isRemote(target)) {
        const host = (target.split(':')[0] ?? '').split('@').pop();
        this.add({ kind: 'send', entry: `send.copy.${cmd}`, via: cmd, host, object: target, channel: 'upload', consumes: [...this.pathNames(puts, offset), ...(batch ? [`path:${batch}`] : []), ...input] }, offset);
        return true;
      }
    }
    const lastIdx = plain.length - 1;
    // a destination held in a variable this document set (`ZIEL="user@host:/srv"; rsync … "$ZIEL/"`) is that destination
    const dest = lastIdx >= 1 ? plain[lastIdx]!.text.replace(/^\$\{?(\w+)\}?/, (m, v: string) => this.texts.get(`$${v}`) ?? this.remotes.get(`$${v}`) ?? m) : '';
    if (lastIdx >= 1 && (isRemote(dest) || (cmd === 'rclone' && /^[\w-]+:/.test(dest)))) {
      // (an rclone remote the document created goes to the server it points at)
      const host = (cmd === 'rclone' ? this.rcloneRemotes.get(dest.split(':')[0] ?? '') : undefined) ?? (dest.split(':')[0] ?? '').split('@').pop();
      const sources = plain.slice(cmd === 'rclone' ? 1 : 0, lastIdx).map((a) => a.text);
      sources.push(...includedPaths(sources, argTexts));
      // (a source named bare, `scp id_ed25519 host:`, is a file of the working folder: its name is all the command has)
      const bare = sources.filter((t) => /^[\w][\w.-]*$/.test(t)).map((t) => `path:${t}`);
      this.add({ kind: 'send', entry: `send.copy.${cmd}`, via: cmd, host, object: dest, channel: 'upload', consumes: [...this.pathNames(sources, offset), ...bare, ...names, ...input] }, offset);
      return true;
    }
    if (plain.some((a) => isRemote(a.text))) {
      const dest = plain[plain.length - 1]!.text;
      const host = (plain.find((a) => isRemote(a.text))!.text.split(':')[0] ?? '').split('@').pop();
      this.add({ kind: 'fetch', entry: `fetch.copy.${cmd}`, via: cmd, host, produces: [`path:${normalisePath(dest)}`] }, offset);
      return true;
    }
    if (cmd === 'sftp' || cmd === 'rclone' || cmd === 'lftp' || cmd === 'smbclient') return false;
  }
  let dest: string | undefined;
  let sources: string[];
  // extraction runs the other way: the archive's content lands in the folder (`tar xzf a.tgz -C dir`, `unzip a.zip -d dir`)
  const extracts = (cmd === 'tar' && (/^[a-wyz]*x/i.test(argTexts[0] ?? '') || argTexts.some((a) => /^-[a-zA-Z]*x|^--extract$|^--get$/.test(a)))) || cmd === 'unzip' || cmd === 'expand-archive';
  if (extracts) {
    const fIdx = args.findIndex((a) => /^-[a-zA-Z]*f$/.test(a.text) || a.text === '--file' || (/^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text) && args.indexOf(a) === 0));
    const archive = cmd === 'tar' ? args[fIdx + 1]?.text : plain[0]?.text;
    const dIdx = args.findIndex((a) => /^(?:-C|--directory|-d|-destinationpath)$/i.test(a.text));
    const into = dIdx >= 0 ? args[dIdx + 1]?.text : '.';
    if (archive && into) this.flow([...this.pathNames([archive], offset), ...input], [`path:${this.resolve(into)}`], offset);
    return true;
  }
  if (how === 'archive') {
    const fIdx = args.findIndex((a) => /^-[a-zA-Z]*f$/.test(a.text) || a.text === '--file' || (/^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text) && cmd === 'tar' && args.indexOf(a) === 0));
    if (cmd === 'tar' && fIdx >= 0) {
      dest = args[fIdx + 1]?.text;
      // `-C dir` changes folder first: members are read from inside it
      const cIdx = args.findIndex((a) => a.text === '-C' || a.text === '--directory');
      const cdir = cIdx >= 0 ? args[cIdx + 1]?.text : undefined;
      // (the old-style flag bundle `czf` is the first word only: a member named `handoff` is a file)
      const cWord = cIdx >= 0 ? args[cIdx + 1] : undefined;
      // (a member written `$(basename "$B")` is the folder $B names, whatever -C says)
      sources = plain.filter((a, k) => !(k === 0 && args.indexOf(a) === 0 && /^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text)) && a !== cWord).map((a) => (a.baseOf ? `$${a.baseOf}` : a.text)).filter((t) => t !== dest);
      // `-C "$(dirname "$B")" bundle`, `-C "$(dirname "$B")" "$(basename "$B")"`: the member is the folder $B names
      const parent = cIdx >= 0 ? args[cIdx + 1]?.parentOf : undefined;
      if (parent) sources = sources.map((t) => (/^[~/]/.test(t) || (t.startsWith('$') && !t.startsWith('$(')) ? t : `$${parent}`));
      else if (cdir) sources = sources.map((t) => (/^[~/$]/.test(t) ? t : t === '.' || t === './' ? cdir : `${cdir.replace(/\/$/, '')}/${t.replace(/^\.\//, '')}`));
    } else if (cmd === 'compress-archive') {
      dest = argTexts[argTexts.findIndex((t) => /^-destinationpath$/i.test(t)) + 1];
      sources = [argTexts[argTexts.findIndex((t) => /^-path$/i.test(t)) + 1] ?? ''];
    } else if (cmd === 'gzip' || cmd === 'bzip2' || cmd === 'xz') {
      sources = plain.map((a) => a.text);
      dest = sources[0] ? `${sources[0]}.gz` : undefined;
    } else {
      const p = plain.map((a) => a.text).filter((t) => !/^a$/.test(t));
      dest = p[0];
      sources = p.slice(1);
    }
  } else if (/^(?:copy-item|move-item|copy|cpi|mi)$/i.test(cmd) && argTexts.some((a) => /^-[A-Za-z]/.test(a))) {
    // PowerShell's named parameters: -Path/-LiteralPath are the sources, -Destination the target, other -Name value pairs skipped
    const d = argTexts.findIndex((a) => /^-destination$/i.test(a));
    dest = d >= 0 ? argTexts[d + 1] : undefined;
    sources = [];
    const positional: string[] = [];
    for (let k = 0; k < argTexts.length; k++) {
      const a = argTexts[k]!;
      if (/^-(?:path|literalpath)$/i.test(a)) { if (argTexts[k + 1]) sources.push(argTexts[++k]!); continue; }
      if (/^-destination$/i.test(a)) { k++; continue; }
      if (a.startsWith('-')) { if (!/^-(?:recurse|force|container|passthru|whatif|confirm)$/i.test(a)) k++; continue; }
      positional.push(a);
    }
    // `Copy-Item SRC DEST -ErrorAction SilentlyContinue`: positional source then destination
    if (dest === undefined && positional.length >= 2) dest = positional.pop();
    sources.push(...positional);
  } else {
    const p = plain.map((a) => a.text);
    dest = p[p.length - 1];
    sources = p.slice(0, -1);
    if (cmd === 'copy-item') {
      const d = argTexts.findIndex((t) => /^-destination$/i.test(t));
      if (d >= 0) dest = argTexts[d + 1];
    }
  }
  const from = [...this.pathNames(sources, offset), ...names, ...input];
  if (dest && dest !== '-') {
    const d = this.resolve(dest);
    this.write(d, from, 'write', cmd, offset);
    this.flow(from, [out], offset);
  } else {
    this.flow(from, [out], offset);
  }
  return true;
}

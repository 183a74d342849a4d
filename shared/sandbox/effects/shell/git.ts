/**
 * git and gh read by the shell reader: remotes, pushes, config keys that run programs, hooks, gh api calls.
 * Moved out of shell.ts unchanged.
 */
import { hostOf } from '../../hosts.js';
import { normalisePath } from '../catalogue/locations.js';
import type { Word } from './words.js';
import type { ShellReader } from '../shell.js';

/** git settings whose value git runs as a command. */
export const GIT_EXEC_KEY = /^(?:credential(?:\..+)?\.helper|core\.(?:sshcommand|fsmonitor|pager|editor|askpass)|sequence\.editor|alias\..+|diff\..+\.textconv|filter\..+\.(?:clean|smudge|process)|gpg\.program)$/i;

export function readGit(this: ShellReader, args: Word[], argTexts: string[], out: string, offset: number, input: string[] = []): boolean {
  // global options before the subcommand: `git -C dir push`, `git -c k=v commit` (-C: the repository is dir)
  let cwd = '.';
  while (argTexts.length && /^(?:-C|-c|--git-dir|--work-tree|--no-pager|--bare|--git-dir=.*|--work-tree=.*)$/.test(argTexts[0]!)) {
    const flag = argTexts[0]!;
    const takes = flag === '-C' || flag === '-c' || flag === '--git-dir' || flag === '--work-tree';
    if ((flag === '-C' || flag === '--work-tree') && argTexts[1]) cwd = this.resolve(argTexts[1]);
    else if (flag.startsWith('--work-tree=')) cwd = this.resolve(flag.slice(12));
    args = args.slice(takes ? 2 : 1);
    argTexts = argTexts.slice(takes ? 2 : 1);
  }
  const repo = `path:${cwd}`;
  const sub = argTexts[0];
  // `git credential fill` prints the stored username and password the helper holds for a host
  if (sub === 'credential' && /^(?:fill|get)$/.test(argTexts[1] ?? '')) {
    this.add({ kind: 'read', entry: 'read.secret.netrc', object: 'stored git credentials', via: 'git credential fill', produces: [out] }, offset);
    return true;
  }
  // `git remote set-url --add --push origin URL`: every later push of origin also goes to URL
  if (sub === 'remote' && argTexts[1] === 'set-url' && argTexts.includes('--add') && argTexts.includes('--push')) {
    const rest = argTexts.slice(2).filter((a) => !a.startsWith('-'));
    if (rest[1]) this.pushCopy(rest[0]!, rest[1], 'git remote set-url --add --push', offset);
    return true;
  }
  // `git remote add --mirror=push X URL`: every push to X mirrors every ref there
  if (sub === 'remote' && argTexts[1] === 'add' && argTexts.some((a) => /^--mirror(?:=push)?$/.test(a))) {
    const ops = argTexts.slice(2).filter((a) => !a.startsWith('-'));
    if (ops[1]) {
      this.remotes.set(`remote:${ops[0]}`, ops[1]);
      this.add({ kind: 'send', entry: 'send.git.push', via: 'git remote add --mirror (every push mirrors)', host: hostOf(ops[1].replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined, object: ops[1], channel: 'publish', consumes: [repo], flags: ['named-remote', 'mirror'] }, offset);
    }
    return true;
  }
  if (sub === 'remote' && argTexts[1] === 'add' && argTexts[3]) {
    // (a URL held in a variable the document assigned: `git remote add a "$ARCHIVE_URL"`)
    this.remotes.set(`remote:${argTexts[2]}`, argTexts[3].replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m));
    return true;
  }
  // a branch without history: pushed over another branch, it replaces that branch's whole history
  if ((sub === 'checkout' || sub === 'switch') && argTexts.includes('--orphan')) {
    const name = argTexts[argTexts.indexOf('--orphan') + 1];
    if (name) this.orphans.add(name);
    return true;
  }
  if (sub === 'push') {
    // Destroying what the remote holds: every tag or branch deleted (`--delete $(git tag -l)`), or another branch's history
    // overwritten by a forced push of an empty orphan branch (`git push --force origin empty:"$b"`). A new orphan branch
    // pushed under its own name (`gh-pages`) replaces nothing.
    const deleting = argTexts.some((a) => a === '--delete' || a === '-d');
    if (deleting && argTexts.some((a) => /\$\(\s*git\s+(?:tag|branch|for-each-ref)\b|`git\s+(?:tag|branch|for-each-ref)\b/.test(a))) {
      this.add({ kind: 'destroy', entry: 'destroy.remote-history', object: 'every tag or branch of the remote', via: 'git push --delete', flags: [] }, offset);
    }
    // (the line as written: what a substitution or an xargs pipe feeds the push is visible only there)
    const lineText = this.lineAt(offset);
    // every tag or branch listed and piped into a delete (`git tag -l | xargs git push --delete origin`)
    if (deleting && input.length && /\bgit\s+(?:tag|branch|for-each-ref)\b[^|\n]*\|\s*xargs\b[^|\n]*\bgit\s+push\b/.test(lineText)) {
      this.add({ kind: 'destroy', entry: 'destroy.remote-history', object: 'every tag or branch of the remote', via: 'git push --delete (fed a listing)', flags: [] }, offset);
    }
    // (`-f` in a cluster of short options, `-qf`, is the same force)
    const forced = argTexts.some((a) => /^(?:--force|-[a-eg-zA-Z]*f[a-zA-Z]*)$/.test(a)) || argTexts.some((a) => /^\+[^:]+:/.test(a));
    // a branch force-pushed back to the repository's first commit (`$(git rev-list --max-parents=0 HEAD):refs/heads/main`):
    // every commit after it is gone from the remote
    if (forced && /\brev-list\b[^\n)]*--max-parents=0\b[^\n]*:\s*(?:refs\/heads\/)?[\w./$-]+/.test(lineText)) {
      this.add({ kind: 'destroy', entry: 'destroy.remote-history', object: "the remote branch's history (reset to the first commit)", via: 'git push --force', flags: [] }, offset);
    }
    if (forced) {
      for (const a of argTexts) {
        const spec = /^\+?([^:\s]+):(.+)$/.exec(a);
        if (spec && this.orphans.has(spec[1]!) && spec[2] !== spec[1] && !/^refs\/heads\/?$/.test(spec[2]!)) {
          this.add({ kind: 'destroy', entry: 'destroy.remote-history', object: `the history of ${/\$/.test(spec[2]!) ? "the remote's branches" : spec[2]} (replaced by the empty branch ${spec[1]})`, via: 'git push --force', flags: [] }, offset);
          break;
        }
      }
    }
    const target = argTexts.slice(1).find((a) => !a.startsWith('-'));
    const url = target ? (this.remotes.get(`remote:${target}`) ?? (/[:/]/.test(target) ? target : undefined)) : undefined;
    const host = url ? (hostOf(url.replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined) : undefined;
    const mirror = argTexts.some((a) => /^--(?:mirror|all)$/.test(a) || /^\+?refs\/\*(?::refs\/\*)?$/.test(a) || /^refs\/stash/.test(a));
    this.add({ kind: 'send', entry: 'send.git.push', via: mirror ? 'git push --mirror' : 'git push', host, object: url ?? target ?? 'origin', channel: 'publish', consumes: [repo], flags: [...(url ? ['named-remote'] : []), ...(mirror ? ['mirror'] : [])] }, offset);
    return true;
  }
  if (sub === 'config') return this.configSet('git', argTexts, offset);
  if (sub === 'clone') {
    // (a flag's value is not the repository: `--depth 1`, `-b main`, `--filter blob:none`)
    const operands = argTexts.slice(1).filter((a, k, arr) => !a.startsWith('-') && !(k > 0 && /^(?:--depth|-b|--branch|--filter|-o|--origin|-c|--config|--reference|--separate-git-dir|-j|--jobs|--shallow-since|--shallow-exclude|-u|--upload-pack|--template)$/.test(arr[k - 1]!)));
    // a repository address held in a variable this document set (a default behind a setting: `$(git config … || echo URL)`)
    const url = operands[0]?.replace(/^\$\{?(\w+)\}?$/, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m);
    const dir = operands[1] ?? (url?.split('/').pop()?.replace(/\.git$/, '') ?? '');
    this.add({ kind: 'fetch', entry: 'fetch.git.clone', via: 'git clone', host: url ? (hostOf(url.replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined) : undefined, object: url, produces: [`path:${normalisePath(dir)}`, out] }, offset);
    return true;
  }
  if (sub === 'add') {
    // staged files are what a later push publishes (`git add -f .env` puts an ignored secret into it)
    const files = argTexts.slice(1).filter((a) => !a.startsWith('-')).map((f) => (cwd === '.' || /^[~/$]/.test(f) ? f : f === '.' ? cwd : `${cwd}/${f}`));
    const from = this.pathNames(files, offset);
    // forcing the whole tree in stages what .gitignore keeps out: .env files, keys, local credentials
    if (argTexts.some((a) => a === '-f' || a === '--force' || /^-[A-Za-z]*f/.test(a)) && (files.length === 0 || files.some((f) => f === '.' || f === '*' || f === ':/')) ) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.dotenv', object: 'ignored files (.env, keys, local credentials)', via: 'git add --force', produces: [r] }, offset);
      from.push(r);
    }
    this.flow(from, [repo], offset);
    return true;
  }
  // A note, an annotated tag's message and a commit's message are git objects that a push publishes (`git notes add
  // -F file`, `git tag -a v1 -F file`, `git commit -m "$(env)"`, `--trailer`, `-F -` from stdin); review tools rarely show notes or
  // tag messages, so what is written there travels unseen.
  if (sub === 'notes' || sub === 'tag' || sub === 'commit') {
    const verb = argTexts.slice(1).find((a) => !a.startsWith('-') && !/^--ref=/.test(a) && a !== argTexts[argTexts.indexOf('--ref') + 1]);
    if (sub === 'notes' && (!verb || !/^(?:add|append|edit)$/.test(verb))) return true;
    const from: string[] = [];
    for (let i = 1; i < argTexts.length; i++) {
      const a = argTexts[i]!;
      const file = a === '-F' || a === '--file' ? argTexts[i + 1] : /^--file=/.test(a) ? a.slice(7) : /^-F./.test(a) ? a.slice(2) : undefined;
      if (file === '-') from.push(...input);
      else if (file !== undefined) from.push(...this.pathNames([file], offset), ...(args[i + 1]?.names ?? []));
      // (a trailer is part of the message: `--trailer "Build-Ref: $(…)"`)
      if (a === '-m' || a === '--message' || a === '--trailer') from.push(...(args[i + 1]?.names ?? []));
      else if (/^(?:-m.|--message=|--trailer=)/.test(a)) from.push(...(args[i]?.names ?? []));
    }
    if (from.length) this.flow(from, [repo], offset);
    return true;
  }
  void args;
  return false;
}

export function readGh(this: ShellReader, args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
  const a0 = argTexts[0];
  let a1 = argTexts[1];
  const flagVal = (f: string) => {
    const i = argTexts.findIndex((t) => t === f || t.startsWith(`${f}=`));
    if (i < 0) return undefined;
    return argTexts[i]!.includes('=') ? argTexts[i]!.slice(argTexts[i]!.indexOf('=') + 1) : argTexts[i + 1];
  };
  if (a0 === 'repo' && a1 === 'create') {
    const isPublic = argTexts.includes('--public');
    const source = flagVal('--source') ?? '.';
    this.add({ kind: 'send', entry: 'send.publish.gh-repo', via: 'gh repo create', host: 'github.com', object: source, channel: 'publish', consumes: [`path:${normalisePath(source)}`], flags: isPublic ? ['public'] : ['private'] }, offset);
    return true;
  }
  if (a0 === 'gist' && a1 === 'create') {
    const files = argTexts.slice(2).filter((t) => !t.startsWith('-') && t !== flagVal('--desc') && t !== flagVal('-d') && t !== flagVal('--filename'));
    const consumes = [...this.pathNames(files, offset), ...names, ...(files.includes('-') || files.length === 0 ? input : [])];
    this.add({ kind: 'send', entry: 'send.publish.gh-gist', via: 'gh gist create', host: 'gist.github.com', object: files.join(' '), channel: 'publish', consumes, flags: argTexts.includes('--public') || argTexts.includes('-p') ? ['public'] : ['secret-gist'] }, offset);
    return true;
  }
  if (a0 === 'release' && (a1 === 'upload' || a1 === 'create')) {
    const files = argTexts.slice(3).filter((t) => !t.startsWith('-'));
    this.add({ kind: 'send', entry: 'send.publish.gh-release', via: `gh release ${a1}`, host: 'github.com', object: files.join(' '), channel: 'publish', consumes: this.pathNames(files, offset), flags: ['public'] }, offset);
    return true;
  }
  if (a0 === 'auth' && a1 === 'token') {
    this.add({ kind: 'read', entry: 'read.secret.gh', object: 'the GitHub CLI token', via: 'gh auth token', produces: [out], flags: ['vendor:github'] }, offset);
    return true;
  }
  // an issue, pull request or comment is a posting other people read: what its body carries is published there
  if ((a0 === 'issue' || a0 === 'pr') && /^(?:create|comment|edit|review)$/.test(a1 ?? '')) {
    const bodyFile = flagVal('--body-file') ?? flagVal('-F');
    // (the body the agent composes — a body file no code writes, or `--body` text — is the agent's own text: what the
    // skill's prose puts into it is published with it, AGENT_TEXT in prose/read/sends.ts)
    const composed = (bodyFile && bodyFile !== '-') || argTexts.some((t) => /^(?:--body|-b)$/.test(t)) ? ['doc:agent-text'] : [];
    const consumes = [...names, ...input, ...(bodyFile && bodyFile !== '-' ? this.pathNames([bodyFile], offset) : []), ...composed];
    if (consumes.length) this.add({ kind: 'send', entry: 'send.publish.gh-post', via: `gh ${a0} ${a1}${flagVal('--repo') || flagVal('-R') ? ` on ${flagVal('--repo') ?? flagVal('-R')}` : ''}`, host: 'github.com', object: bodyFile ?? '', channel: 'publish', consumes }, offset);
    return true;
  }
  // `gh api …/issues/N/comments -f body=…` posts a comment (fields make it a POST); a new gist is a publication too. The
  // endpoint is the first operand, after any flag and its value (`gh api -X POST /gists -f …`)
  if (a0 === 'api') {
    const withValue = /^(?:-X|--method|-f|-F|--field|--raw-field|-H|--header|-q|--jq|--input|-t|--template|--hostname|-p|--preview|--cache)$/;
    for (let k = 1; k < argTexts.length; k++) {
      if (withValue.test(argTexts[k]!)) { k++; continue; }
      if (!argTexts[k]!.startsWith('-')) { a1 = argTexts[k]; break; }
    }
  }
  if (a0 === 'api' && /(?:^|\/)(?:comments|issues|pulls|discussions|releases|gists)(?:$|[/?])/.test(a1 ?? '') && (names.length || input.length) && (argTexts.some((t) => /^-[fF]$|^--(?:raw-)?field$|^--input$/.test(t)) || /POST|PATCH/i.test(flagVal('-X') ?? flagVal('--method') ?? ''))) {
    this.add({ kind: 'send', entry: 'send.publish.gh-post', via: `gh api ${a1}`, host: 'github.com', object: a1 ?? '', channel: 'publish', consumes: [...names, ...input] }, offset);
    return true;
  }
  if (a0 === 'api' || a0 === 'issue' || a0 === 'pr') {
    if (names.length || input.length) this.add({ kind: 'send', entry: 'send.gh.api', via: `gh ${a0}`, host: 'github.com', channel: 'body', consumes: [...names, ...input] }, offset);
    // what an issue, a pull request or their comments say is text other people write (anyone, on a public
    // repository): read at run time, it is remote content like a downloaded page
    const reads = ((a0 === 'issue' || a0 === 'pr') && a1 === 'view') || (a0 === 'api' && /\/(?:issues|pulls|comments|discussions)(?:$|[/?])/.test(a1 ?? '') && !argTexts.some((t) => /^-[fF]$|^--(?:raw-)?field$|^--input$/.test(t)));
    if (reads) this.add({ kind: 'fetch', entry: 'fetch.gh.content', via: `gh ${a0} ${a1 ?? ''}`.trim(), host: 'github.com', object: `https://github.com/${flagVal('--repo') ?? flagVal('-R') ?? ''}`, produces: [out], flags: ['public-content'] }, offset);
    return true;
  }
  void args;
  return false;
}

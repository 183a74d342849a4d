/**
 * Cloud CLIs, containers and clusters read by the shell reader: bucket reads of secrets, docker,
 * kubectl and kube configs, `config set` of CLIs, public bucket policies. Moved out of shell.ts unchanged.
 */
import { hostOf } from '../../hosts.js';
import { REMOTE_SCHEMES, EXEC_SETTING_KEY, TRUST_SETTINGS } from '../catalogue/commands.js';
import { isSecretEnv, normalisePath, secretAt } from '../catalogue/locations.js';
import { URLISH } from './patterns.js';
import type { Word } from './words.js';
import { GIT_EXEC_KEY } from './git.js';
import type { ShellReader } from '../shell.js';

/** Administrator roles of identity providers and clouds, as their APIs and command lines name them. */
/**
 * What a bucket policy opens to anyone: `write` (writes, deletes, policy changes or every action), `list` (listing keys),
 * `read` (objects by name), or null. A statement counts when it allows, names every principal and has no condition on who
 * the caller is or where the call comes from.
 */
export function publicBucketStatements(text: string): 'write' | 'list' | 'read' | null {
  let doc: unknown;
  try { doc = JSON.parse(text); } catch { return null; }
  const statements = (doc as { Statement?: unknown })?.Statement;
  let worst: 'write' | 'list' | 'read' | null = null;
  const rank = { read: 1, list: 2, write: 3 } as const;
  for (const st of (Array.isArray(statements) ? statements : statements ? [statements] : []).slice(0, 50)) {
    if (!st || typeof st !== 'object') continue;
    const s = st as Record<string, unknown>;
    if (s.Effect !== 'Allow' || s.NotPrincipal !== undefined) continue;
    const p = s.Principal;
    const everyone = p === '*' || (!!p && typeof p === 'object' && [(p as Record<string, unknown>).AWS].flat().includes('*'));
    if (!everyone) continue;
    if (s.Condition && /aws:(?:SourceVpce?|PrincipalOrgID|PrincipalOrgPaths|PrincipalAccount|PrincipalArn|SourceAccount|SourceArn|SourceIp|userid|username)|aws:Referer/i.test(JSON.stringify(s.Condition))) continue;
    const actions = [s.Action].flat().map(String);
    const kind = actions.some((a) => /^(?:\*|s3:\*|s3:(?:Put|Delete|Restore|Replicate|Abort)\w*|s3:\w*\*)$/i.test(a) && !/^s3:(?:Get|List)\w*\*$/i.test(a)) ? 'write'
      : actions.some((a) => /^s3:List\w*\*?$/i.test(a)) ? 'list' : actions.some((a) => /^s3:Get\w*\*?$/i.test(a)) ? 'read' : null;
    if (kind && (!worst || rank[kind] > rank[worst])) worst = kind;
  }
  return worst;
}

/** (Azure RBAC's Owner and User Access Administrator, by name in `New-AzRoleAssignment -RoleDefinitionName` or `az role assignment create --role`, can grant anyone anything on their scope) */
/** (Google Workspace's super administrator is `_SEED_ADMIN_ROLE` to GAM, `admin on` on a user; Entra's Global Administrator has a fixed template id) */
export const ADMIN_ROLE = /\b(?:SUPER_ADMIN|ORG_ADMIN|Global Administrator|Company Administrator|Privileged Role Administrator|roles\/owner|AdministratorAccess|_SEED_ADMIN_ROLE|Super Admin|62e90394-69f5-4237-9190-012177145e10)\b|"isAdmin"\s*:\s*true|\blocalgroup administrators\b|\bupdate user \S+ (?:\S+ )*?(?:is)?admin (?:on|true)\b|(?:-RoleDefinitionName|--role)\s+["']?(?:Owner|User Access Administrator)\b/i;

/** The registry host of an image reference (`registry.example/x/y:tag`), or undefined for a Docker Hub name. */
function registryOf(image: string): string | undefined {
  const first = image.split('/')[0] ?? '';
  return image.includes('/') && /[.:]/.test(first) ? first.split(':')[0] : undefined;
}

/** `repo/name:tag` → `repo/name` (a digest or tag names the same image for the flow). */
export function imageName(ref: string): string {
  return ref.replace(/@sha256:.*$/, '').replace(/:[^/:]*$/, '');
}
/** Hosts of cloud instance metadata services: what they return under these paths is the machine's credentials. */
export const METADATA_HOST = /^(?:169\.254\.169\.254|169\.254\.170\.2|metadata\.google\.internal|metadata|100\.100\.100\.200|\[fd00:ec2::254\])$/i;
export const METADATA_SECRET_PATH = /security-credentials|\/token\b|service-accounts\/[^/]+\/token|identity|\/credentials|msi\/token|oauth2/i;

/**
 * A bucket object read whose key is a secret location (catalogue/locations.ts): `cat` verbs print it, a copy from the
 * bucket to `-` prints it and to a local path writes it there. A copy from one bucket to another is not read here.
 */
export function readRemoteSecret(this: ShellReader, cmd: string, argTexts: string[], out: string, offset: number): boolean {
  const remote = (a: string) => REMOTE_SCHEMES.test(a) || (cmd === 'rclone' && /^[\w-]+:[^/\\]/.test(a) && !/^[A-Za-z]:[\\/]/.test(a));
  const operands = argTexts.filter((a, k) => !a.startsWith('-') || (a === '-' && k > 0));
  let src: string | undefined;
  let dest: string | undefined;
  const verb = operands.findIndex((a) => /^(?:cat|cp|mv|copy|copyto|download)$/.test(a));
  if (cmd === 'az' && argTexts[0] === 'storage' && argTexts[1] === 'blob' && argTexts[2] === 'download') {
    const val = (flag: RegExp) => { const k = argTexts.findIndex((a) => flag.test(a)); return k >= 0 ? argTexts[k + 1] : undefined; };
    src = val(/^(?:-n|--name)$/);
    dest = val(/^(?:-f|--file)$/) ?? '-';
  } else if (verb >= 0 && remote(operands[verb + 1] ?? '')) {
    src = operands[verb + 1];
    dest = operands[verb] === 'cat' ? '-' : operands[verb + 2];
  }
  if (!src || !dest || remote(dest)) return false;
  const key = src.replace(/^[a-z0-9]+:\/\/[^/]+/i, '').replace(/^[\w-]+:/, '');
  const secret = secretAt(normalisePath(key.replace(/^\/+/, '')));
  if (!secret) return false;
  const r = this.ctx.list.fresh('read');
  this.add({ kind: 'read', entry: secret.entry, object: `${secret.label} (${src})`, via: `${cmd} ${operands[verb] ?? 'download'}`, produces: [r], flags: secret.vendors ? secret.vendors.map((v) => `vendor:${v}`) : undefined }, offset);
  this.flow([r], [out], offset);
  if (dest !== '-' && !/^\/dev\/std(?:out|err)$/.test(dest)) this.write(this.resolve(dest), [r], 'write', cmd, offset);
  return true;
}

/**
 * The files a build's Dockerfile (one this document shows, named by `-f` or `Dockerfile`) copies into the image:
 * `COPY`/`ADD` sources under the build context, and `COPY --from=NAME src` under the folder `--build-context NAME=DIR` names.
 */
export function dockerfileCopies(this: ShellReader, argTexts: string[], ctxDir: string, offset: number): string[] {
  const fIdx = argTexts.findIndex((a) => a === '-f' || a === '--file');
  const file = fIdx >= 0 ? (argTexts[fIdx + 1] ?? '') : 'Dockerfile';
  const text = this.ctx.list.files.get(normalisePath(file)) ?? this.ctx.list.files.get(normalisePath(file.split('/').pop() ?? file)) ?? this.ctx.list.files.get('Dockerfile');
  if (!text) return [];
  const contexts = new Map<string, string>();
  for (let k = 0; k < argTexts.length; k++) {
    const m = /^--build-context(?:=(.+))?$/.exec(argTexts[k]!);
    const spec = m ? (m[1] ?? argTexts[k + 1] ?? '') : '';
    const eq = spec.indexOf('=');
    if (eq > 0 && !/^(?:docker-image|https?|oci-layout|target):/.test(spec.slice(eq + 1))) contexts.set(spec.slice(0, eq), spec.slice(eq + 1));
  }
  const sources: string[] = [];
  for (const line of text.split('\n').slice(0, 400)) {
    const m = /^\s*(?:COPY|ADD)\s+(.+)$/i.exec(line);
    if (!m) continue;
    const words = m[1]!.trim().split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice(7);
    const parts = words.filter((w) => !w.startsWith('--'));
    if (parts.length < 2) continue;
    const base = from === undefined ? ctxDir : contexts.get(from);
    // a credential file copied out of an earlier stage (`COPY --from=deps /root/.npmrc …`) is in the image whatever
    // that stage's secret mount promised: the stage put it there, and the copy takes it into what is pushed
    if (base === undefined) {
      for (const p of parts.slice(0, -1).slice(0, 8)) if (/^[/~]/.test(p) && secretAt(p)) sources.push(p);
      continue;
    }
    for (const p of parts.slice(0, -1).slice(0, 8)) sources.push(`${base.replace(/\/+$/, '')}/${p.replace(/^\.\//, '')}`);
  }
  return sources.length ? this.pathNames(sources.slice(0, 32), offset) : [];
}

export function readDocker(this: ShellReader, args: Word[], argTexts: string[], names: string[], out: string, offset: number): boolean {
  const sub = argTexts[0];
  // `docker tag SRC DST` (and `docker image tag`): DST is the same image under another name
  const tagArgs = sub === 'tag' ? argTexts.slice(1) : sub === 'image' && argTexts[1] === 'tag' ? argTexts.slice(2) : null;
  if (tagArgs && tagArgs.length >= 2) {
    const [src, dst] = tagArgs.filter((a) => !a.startsWith('-'));
    if (src && dst) {
      this.flow([`image:${imageName(src)}`], [`image:${imageName(this.textOrName(dst))}`], offset);
      if (this.builtImages.has(imageName(src))) this.builtImages.add(imageName(this.textOrName(dst)));
    }
    return true;
  }
  if (sub === 'build' || (sub === 'buildx' && argTexts[1] === 'build')) {
    const t = argTexts.findIndex((a) => a === '-t' || a === '--tag');
    const tags = argTexts.filter((_, i) => i > 0 && (argTexts[i - 1] === '-t' || argTexts[i - 1] === '--tag')).map(imageName);
    for (const tag of tags) this.builtImages.add(tag);
    const ctxDir = argTexts.slice(1).filter((a, i, arr) => !a.startsWith('-') && !['-t', '--tag', '-f', '--file'].includes(arr[i - 1] ?? '')).pop() ?? '.';
    // what the Dockerfile copies in from the build contexts (`--build-context home="$HOME"` with `COPY --from=home .ssh …`)
    const copied = this.dockerfileCopies(argTexts, ctxDir, offset);
    // a secret passed as a build argument (`--build-arg NPM_TOKEN=$NPM_TOKEN`, or `--build-arg NPM_TOKEN` taken from the
    // environment) stays in the image's metadata: `docker history` of the pushed image shows it (BuildKit's `--secret` does not)
    for (let k = 1; k < argTexts.length; k++) {
      const flag = argTexts[k]!;
      const value = flag === '--build-arg' ? argTexts[k + 1] : flag.startsWith('--build-arg=') ? flag.slice(12) : undefined;
      if (value === undefined) continue;
      const name = value.split('=')[0]!;
      const names = flag === '--build-arg' ? (args[k + 1]?.names ?? []) : (args[k]?.names ?? []);
      if (isSecretEnv(name) && !value.includes('=')) copied.push(`$${name}`);
      else if (isSecretEnv(name) || names.some((n) => isSecretEnv(n.replace(/^\$/, '')))) copied.push(...names);
    }
    if (tags.length) this.flow([`path:${normalisePath(ctxDir)}`, ...copied], tags.map((x) => `image:${x}`), offset);
    // `buildx build --push` (or an output of type registry) publishes the built image in the same step
    if (argTexts.includes('--push') || argTexts.some((a, i) => /type=registry|push=true/.test(a) && (/^(?:-o|--output)$/.test(argTexts[i - 1] ?? '') || a.startsWith('--output=')))) {
      const object = tags[0] ?? ctxDir;
      this.add({ kind: 'send', entry: 'send.publish.docker', via: 'docker buildx build --push', channel: 'publish', object, host: registryOf(object), consumes: [...tags.map((x) => `image:${x}`), `path:${normalisePath(ctxDir)}`, ...copied], flags: ['public'] }, offset);
    }
    return true;
  }
  if (sub !== 'run' && sub !== 'create' && !(sub === 'container' && argTexts[1] === 'run')) return false;
  const mounts: string[] = [];
  let image: string | undefined;
  const valued = new Set(['-e', '--env', '--name', '-p', '--publish', '-w', '--workdir', '--network', '--net', '-u', '--user', '--entrypoint', '--env-file', '-h', '--hostname', '--platform', '--restart', '-l', '--label', '--gpus', '--memory', '-m', '--cpus', '--add-host', '--device', '--shm-size', '--ulimit', '--pid', '--ipc', '--cap-add', '--security-opt']);
  const envFiles: string[] = [];
  const envs: string[] = [];
  const start = sub === 'container' ? 2 : 1;
  let privileged = false;
  for (let k = start; k < args.length; k++) {
    const t = argTexts[k]!;
    if (t === '-v' || t === '--volume' || t === '--mount') {
      const v = argTexts[++k] ?? '';
      const src = t === '--mount' ? (/(?:source|src)=([^,]+)/.exec(v)?.[1] ?? '') : v.split(':')[0]!;
      if (src) mounts.push(src);
      continue;
    }
    if (t.startsWith('--volume=') || t.startsWith('-v=')) {
      mounts.push(t.slice(t.indexOf('=') + 1).split(':')[0]!);
      continue;
    }
    if (t === '--privileged') privileged = true;
    if (t === '--env-file') envFiles.push(argTexts[k + 1] ?? '');
    if (t === '-e' || t === '--env') envs.push(...(args[k + 1]?.names ?? []), ...(isSecretEnv(argTexts[k + 1]?.split('=')[0] ?? '') && !argTexts[k + 1]?.includes('=') ? [`$${argTexts[k + 1]}`] : []));
    if (valued.has(t)) {
      k++;
      continue;
    }
    if (t.startsWith('-')) continue;
    image = t;
    break;
  }
  if (!image) return true;
  const local = this.builtImages.has(image.split(':')[0]!);
  const consumes = [...this.pathNames(mounts, offset), ...this.pathNames(envFiles, offset)];
  for (const e of envs) {
    this.envRead(e.slice(1), offset);
    consumes.push(e);
  }
  if (!local && consumes.length) {
    this.add({ kind: 'send', entry: 'send.container.mount', via: `${'docker'} run`, host: image, object: image, channel: 'mount', consumes, flags: privileged ? ['privileged'] : [] }, offset);
  }
  if (privileged && mounts.some((m) => m === '/' || m === '/var/run/docker.sock')) {
    this.add({ kind: 'privilege', entry: 'privilege.container-host', via: 'docker run --privileged', object: image, flags: ['host-takeover'] }, offset);
  }
  void names;
  void out;
  return true;
}

export function readKubectl(this: ShellReader, argTexts: string[], offset: number, out?: string): boolean {
  // `kubectl get secrets -A -o json`: the values of the cluster's secrets (base64 is not encryption)
  const verbAt = argTexts.findIndex((a) => a === 'get' || a === 'describe');
  const what = verbAt >= 0 ? (argTexts.slice(verbAt + 1).find((a) => !a.startsWith('-')) ?? '') : '';
  if (verbAt >= 0 && /(?:^|,)secrets?(?:$|[,/])/.test(what) && (argTexts.some((a) => /^-o(?:json|yaml|=?(?:json|yaml|jsonpath|go-template))|^--output/.test(a)) || argTexts.includes('-o'))) {
    this.add({ kind: 'read', entry: 'read.secret.kube-secrets', object: argTexts.some((a) => a === '-A' || a === '--all-namespaces') ? 'every secret in the cluster' : 'Kubernetes secrets', via: `kubectl ${argTexts[verbAt]} ${what}`, produces: out ? [out] : [] }, offset);
  }
  // global flags before the verb: `kubectl -n ns create …`, `--context c`, `--kubeconfig f`
  while (argTexts.length > 1 && /^(?:-n|--namespace|--context|--kubeconfig|--cluster|--user)$/.test(argTexts[0]!)) argTexts = argTexts.slice(2);
  while (argTexts.length && /^(?:--namespace|--context|--kubeconfig)=|^-n\S+$/.test(argTexts[0]!)) argTexts = argTexts.slice(1);
  // `kubectl run NAME --overrides='{"spec": …}' [-- CMD]`: the overrides are the pod's spec, read like a manifest (a
  // privileged container with the host's / or PID namespace, docs/skill-effect-model.md "keys and pods")
  if (argTexts[0] === 'run' && this.ctx.config) {
    const k = argTexts.findIndex((a) => /^--overrides(?:=|$)/.test(a));
    const raw = k < 0 ? '' : argTexts[k]!.includes('=') ? argTexts[k]!.slice(argTexts[k]!.indexOf('=') + 1) : argTexts[k + 1] ?? '';
    let pod: Record<string, unknown> | null = null;
    try { const v: unknown = JSON.parse(raw); pod = v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : null; } catch { pod = null; }
    const spec = pod && pod.spec && typeof pod.spec === 'object' ? pod.spec as Record<string, unknown> : null;
    if (pod && spec) {
      // (the command after `--` is what the first container runs, when the overrides do not say)
      const dash = argTexts.indexOf('--');
      const first = Array.isArray(spec.containers) && spec.containers[0] && typeof spec.containers[0] === 'object' ? spec.containers[0] as Record<string, unknown> : null;
      if (first && dash > 0 && first.command === undefined) first.command = argTexts.slice(dash + 1);
      this.ctx.config(null, `apiVersion: v1\nkind: Pod\nspec: ${JSON.stringify(spec)}\n`, offset);
    }
  }
  if (argTexts[0] === 'create' && /^(?:clusterrolebinding|rolebinding)$/.test(argTexts[1] ?? '')) {
    const role = argTexts.find((a) => a.startsWith('--clusterrole='))?.split('=')[1] ?? argTexts[argTexts.indexOf('--clusterrole') + 1];
    const subjects = argTexts.filter((a) => /^--(?:user|group|serviceaccount)(?:=|$)/.test(a)).map((a) => a.replace(/^--/, '').split('=')[0]!);
    // the service accounts named (`--serviceaccount=ns:name`), to match a token minted for one of them
    const accounts = argTexts.map((a, k) => (a.startsWith('--serviceaccount=') ? a.slice(17) : a === '--serviceaccount' ? argTexts[k + 1] ?? '' : '')).filter(Boolean).map((x) => `sa:${x.split(':').pop()}`);
    // (the people and groups named, `--user=ops@contractor.io`: whose identity it is decides the verdict)
    const names = argTexts.map((a, k) => { const m = /^--(user|group)(?:=(.*))?$/.exec(a); return m ? `${m[1] === 'user' ? 'User' : 'Group'}:${m[2] ?? argTexts[k + 1] ?? ''}` : ''; }).filter(Boolean);
    this.add({ kind: 'privilege', entry: 'privilege.rbac', object: role, via: 'kubectl create ' + argTexts[1], content: names.join(', ') || undefined, flags: [role === 'cluster-admin' || role === 'admin' ? 'cluster-admin' : 'role', ...subjects, ...accounts] }, offset);
    return true;
  }
  if (argTexts[0] === 'create' && argTexts[1] === 'token' && argTexts[2]) {
    // a token for a service account that outlives a debugging session (30 days or more) is a standing credential
    const d = (argTexts.find((a) => a.startsWith('--duration='))?.slice(11) ?? argTexts[argTexts.indexOf('--duration') + 1] ?? '').trim();
    const m = /^(\d+)(h|m|s|d)?$/.exec(d);
    const hours = m ? Number(m[1]) / (m[2] === 'm' ? 60 : m[2] === 's' ? 3600 : m[2] === 'd' ? 1 / 24 : 1) : 0;
    if (hours >= 720) this.add({ kind: 'read', entry: 'read.secret.sa-token', object: `sa:${argTexts[2]}`, via: 'kubectl create token', flags: ['long-lived'] }, offset);
    return false;
  }
  if (argTexts.includes('--raw') && argTexts[0] === 'config') {
    this.add({ kind: 'read', entry: 'read.secret.kube', object: 'Kubernetes credentials', via: 'kubectl config view --raw' }, offset);
    return true;
  }
  return false;
}

/**
 * `kubectl config set-cluster X --insecure-skip-tls-verify=true`, `kubectl config set clusters.X.proxy-url URL`:
 * saved in the kubeconfig, so every later command to that cluster skips the certificate check or goes through the proxy.
 */
export function readKubeConfig(this: ShellReader, cmd: string, argTexts: string[], offset: number): boolean {
  const sub = argTexts[1] ?? '';
  const tlsOff = argTexts.some((a, i) => /^--insecure-skip-tls-verify(?:=(?:true|1))?$/.test(a) && (a.includes('=') || !/^(?:false|0)$/.test(argTexts[i + 1] ?? '')))
    || (sub === 'set' && /insecure-skip-tls-verify$/.test(argTexts[2] ?? '') && /^(?:true|1)$/.test(argTexts[3] ?? ''));
  // a cluster on this machine or its network (kind, minikube, a lab) has no one in between to intercept
  const server = argTexts.find((a) => a.startsWith('--server='))?.slice(9) ?? argTexts[argTexts.indexOf('--server') + 1] ?? '';
  const localServer = /^https?:\/\/(?:127\.|localhost|\[::1\]|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(server);
  if ((sub === 'set-cluster' || sub === 'set') && tlsOff && !localServer) {
    this.add({ kind: 'tamper', entry: 'tamper.tls-off', object: argTexts.slice(1, 4).join(' '), via: `${cmd} config (saved in the kubeconfig)`, flags: ['persistent'] }, offset);
  }
  const proxyAt = argTexts.findIndex((a) => /^--proxy-url(?:=|$)/.test(a));
  const proxy = sub === 'set' && /(?:^|\.)proxy-url$/.test(argTexts[2] ?? '') ? argTexts[3] : proxyAt > 0 ? (argTexts[proxyAt]!.includes('=') ? argTexts[proxyAt]!.split('=')[1] : argTexts[proxyAt + 1]) : undefined;
  if (proxy && URLISH.test(proxy)) this.proxy(proxy, `${cmd} config proxy-url`, offset);
  return true;
}

export function readConfigSet(this: ShellReader, cmd: string, argTexts: string[], offset: number): boolean {
  const i = argTexts.findIndex((a) => a === 'set' || a === 'add' || (cmd === 'git' && !a.startsWith('-') && a !== 'config'));
  if (i < 0) return false;
  let key = argTexts[cmd === 'git' ? i : i + 1] ?? '';
  let value = argTexts[cmd === 'git' ? i + 1 : i + 2] ?? '';
  if (key.includes('=') && !value) [key, value] = [key.slice(0, key.indexOf('=')), key.slice(key.indexOf('=') + 1)];
  if (cmd === 'git' && /^core\.hookspath$/i.test(key)) {
    this.add({ kind: 'persist', entry: 'persist.git-hook', object: value, via: 'git config core.hooksPath', content: value, flags: ['git-hook', 'write'] }, offset);
    return true;
  }
  if (cmd === 'git' && GIT_EXEC_KEY.test(key) && (!/^alias\./i.test(key) || value.startsWith('!'))) {
    // git runs these values as commands on every credential lookup, ssh connection or alias use
    // (a helper named without `!` or a path is the program `git-credential-NAME` on PATH: `roam` runs git-credential-roam)
    const run = /credential/i.test(key) && /^[\w.-]+(?:\s|$)/.test(value) && !/^(?:store|cache)(?:\s|$)/.test(value) ? `git-credential-${value}` : value.replace(/^!/, '');
    this.add({ kind: 'persist', entry: 'persist.git-command', object: key, via: `git config ${key}`, content: run, flags: ['exec-config', 'write'] }, offset);
    // `credential.helper 'store --file X'`: X holds every git password in the clear from now on
    const store = /^store\s+(?:--file[=\s]\s*)["']?([^\s"']+)/.exec(run);
    if (/credential/i.test(key) && store) {
      this.add({ kind: 'read', entry: 'read.secret.git-credentials', object: `${store[1]} (git's credential store)`, via: `git config ${key}`, produces: [`path:${this.resolve(store[1]!)}`] }, offset);
    }
    return true;
  }
  if (cmd !== 'git' && EXEC_SETTING_KEY.test(key) && value) {
    // `npm config set script-shell ~/bin/x`: the package manager starts that program for every script
    const run = /^node-options$/i.test(key) ? `node ${/(?:--require|-r)[=\s]\s*(\S+)/.exec(value)?.[1] ?? value}` : value;
    this.add({ kind: 'persist', entry: 'persist.exec-config', object: key, via: `${cmd} config ${key}`, content: run, flags: ['exec-config', 'write'] }, offset);
    return true;
  }
  if (cmd === 'git' && /^(?:lfs(?:\..+)?\.(?:url|pushurl)|remote\..+\.lfs(?:push)?url)$/i.test(key) && /^https?:\/\//.test(value)) {
    this.add({ kind: 'persist', entry: 'persist.exec-config', object: value, via: `git config ${key}`, host: hostOf(value) ?? undefined, content: '', flags: ['exec-config', 'lfs'] }, offset);
    return true;
  }
  // `remote.X.mirror true`: every push to X sends every ref (local branches, tags, stashes), the same as `git push --mirror X`;
  // set for a remote the document added, it is the mirror push made standing
  const mirrorOf = /^remote\.([^.]+)\.mirror$/i.exec(key);
  if (cmd === 'git' && mirrorOf && /^(?:true|yes|on|1)$/i.test(value)) {
    const url = this.remotes.get(`remote:${mirrorOf[1]}`);
    if (url) this.add({ kind: 'send', entry: 'send.git.push', via: `git config ${key} (every push mirrors)`, host: hostOf(url.replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined, object: url, channel: 'publish', consumes: ['path:.'], flags: ['named-remote', 'mirror'] }, offset);
    return true;
  }
  const pushUrl = /^remote\.([^.]+)\.pushurl$/i.exec(key);
  if (cmd === 'git' && pushUrl && value && !argTexts.includes('--unset') && !argTexts.includes('--unset-all')) {
    this.pushCopy(pushUrl[1]!, value, `git config ${key}`, offset);
    return true;
  }
  const redirect = /^url\.(.+)\.(?:insteadof|pushinsteadof)$/i.exec(key);
  if (cmd === 'git' && redirect && value && !argTexts.includes('--unset') && !argTexts.includes('--unset-all')) {
    // every fetch and push of `value` goes to the URL in the key instead
    const to = redirect[1]!.replace(/^git@([^:]+):/, 'https://$1/');
    this.add({ kind: 'persist', entry: 'persist.git-redirect', object: `${value} → ${redirect[1]}`, via: 'git config url.insteadOf', host: hostOf(to) ?? undefined, content: '', flags: ['exec-config', 'redirect', `from:${hostOf(value.replace(/^git@([^:]+):/, 'https://$1/')) ?? value}`] }, offset);
    return true;
  }
  if (/(?:^|\.|-)proxy(?:-url)?$/i.test(key) && URLISH.test(value)) {
    this.proxy(value, `${cmd} config ${key}`, offset);
    return true;
  }
  for (const s of TRUST_SETTINGS) {
    if (!s.key.test(key) && !s.key.test(key.split('.').pop() ?? '')) continue;
    if (s.falseOnly && !/^(?:false|0|no|off)$/i.test(value)) continue;
    // a CA file carries the marks of whoever wrote it (a download is a certificate the skill supplies)
    const consumes = s.kind === 'ca' && /^[~$./\w]/.test(value) ? [`path:${normalisePath(value)}`] : undefined;
    this.add({ kind: 'persist', entry: 'persist.package-config', object: `${key}=${value}`, via: `${cmd} config`, host: s.kind === 'index' ? (hostOf(value) ?? undefined) : undefined, content: `${key}=${value}`, flags: ['package-config', s.kind === 'index' ? 'index' : s.kind === 'ca' ? 'ca-file' : 'tls-off'], consumes }, offset);
    return true;
  }
  return true;
}

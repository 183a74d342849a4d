/**
 * The command dispatch table of the shell reader: what a command the catalogue knows does, by name.
 * Moved out of shell.ts unchanged; the reader's `dispatch` delegates here.
 */
import { goReplaceSwap, swapAction } from '../dependency-sources.js';
import { hostOf } from '../../hosts.js';
import { ACCOUNT_GRANTS, FILE_RELAYS, INDEX_FLAG_INSTALLERS, RECOVERY_REMOVERS, COPIERS, DEFENSE_OFF, SECURITY_SERVICE, DECODERS, DNS_TOOLS, HTTP_CLIENTS, INSTALLERS, INTERPRETERS, MAIL_TOOLS, PUBLISHERS, REMOTE_SCHEMES, SECRET_COMMANDS, SOCKET_TOOLS } from '../catalogue/commands.js';
import { isDestructiveTarget, normalisePath } from '../catalogue/locations.js';
import { PAYMENT_TEST_MODE, payoutBankAccount } from '../catalogue/payee.js';
import { SILENCES_API, silencesEverything } from '../silence.js';
import { wellFormedPublicKey } from '../config.js';
import { fixedAddressIn } from '../mail.js';
import { CONFIG_SECRET_KEY, KEY_FILE_FIELD, LOGIN_PORT, PATH_DIRS, PUBLIC_TUNNEL, SECRET_SCANNERS, URLISH } from './patterns.js';
import type { Word } from './words.js';
import { ADMIN_ROLE, imageName, publicBucketStatements } from './cloud.js';
import { AGENT_CLIS, LOCAL_PACKAGE_INSTALL } from './packages.js';
import { includedPaths } from './archives.js';
import { redactionEndsFlow, redactsCredentials } from './redaction.js';
import { pathAndSecret } from './words.js';
import type { ShellReader } from '../shell.js';
import { matchAll } from '../../match-all.js';

// (module constants rather than literals in the functions that test them: a regex literal makes a new object each
// time it runs, and these run for every command read; docs/analysis-limits.md, "Twenty-fourth round")
/** Processors that pick a field out of a JSON or YAML file. */
const JSON_FIELD_READERS = /^(?:jq|yq|gojq)$/;
/** Line searchers. */
const GREP_LIKE = /^(?:grep|egrep|rg)$/;
/** Entra ID's guest invitation commands. */
const GUEST_INVITATION = /^(?:new-mginvitation|new-azureadmsinvitation)$/;
/** Sysinternals' process dumper. */
const PROCDUMP = /^procdump(?:64)?(?:\.exe)?$/i;
/** Cloud command-line tools that read remote secrets. */
const CLOUD_CLIS = /^(?:aws|gsutil|gcloud|az|rclone)$/;

/** JSON processors whose program can read environment variables. */
export const JQ_LIKE = /^(?:jq|gojq|jaq|yq)$/;

/** Database clients that load rows into a server: restore tools and SQL shells fed a file. */
const DB_LOADERS = /^(?:pg_restore|psql|mysql|mariadb|mongorestore|mongoimport|mongosh|clickhouse-client|sqlcmd|cqlsh)$/;

/** The server a database client connects to, from a connection URL or a host flag; null when none is named. */
/** Commands that record a terminal: into a command's input (`pipes`) or into the file named first. */
const TERMINAL_CAPTURE: readonly { name: string; sub?: RegExp; pipes: boolean; valued: RegExp }[] = [
  { name: 'tmux', sub: /^(?:pipe-pane|pipep)$/, pipes: true, valued: /^-t$/ },
  { name: 'script', pipes: false, valued: /^(?:-c|--command|-t|--timing|-T|--log-timing|-I|--log-in|-O|--log-out|-B|--log-io|-E|--echo|-m|--logging-format)$/ },
  { name: 'asciinema', sub: /^rec$/, pipes: false, valued: /^(?:-c|--command|-t|--title|-i|--idle-time-limit)$/ },
];

/**
 * Groups whose members administer the machine: the Unix ones, Docker's (root in practice), and Windows' Administrators under
 * its localised names and its well-known SID (a German system calls it Administratoren; the SID is the same everywhere).
 */
const ADMIN_GROUP = /^(?:sudo|wheel|admin|root|docker|administrators?|administratoren|administrateurs|administradores|amministratori|administratorzy|beheerders|administratörer|järjestelmänvalvojat|администраторы|管理员|administrators|S-1-5-32-544)$/iu;
/** Editors whose command line installs marketplace extensions. */
const EDITOR_CLI = /^(?:code|code-insiders|codium|cursor|windsurf)$/;
/** Shells and interpreters by path (`/bin/bash`, `/usr/bin/python3`): whoever runs one setuid runs anything as its owner. */
const SHELL_PROGRAM = /^(?:\/usr)?(?:\/local)?\/s?bin\/(?:(?:ba|z|da|k|c|tc|fi)?sh|busybox|python[\d.]*|perl|ruby|node|php|lua|env)$/;
/** Control sockets of daemons that run as root (a container runtime, libvirt, snapd): writing to one is acting as root. */
const ROOT_SOCKET = /(?:^|\/)(?:docker|containerd|podman|crio|cri-dockerd|libvirt-sock|snapd\.socket)(?:\.sock)?$/;
/** Commands that create or change a local or directory account and take its password as `-Password`/`-AccountPassword`. */
// (Entra ID accounts too: `New-AzADUser -Password (ConvertTo-SecureString '…' -AsPlainText -Force)`)
const LOCAL_ACCOUNT_CMD = /^(?:new-localuser|set-localuser|new-aduser|set-adaccountpassword|new-azaduser|update-azaduser)$/;
/** The literal after `-Password`/`-AccountPassword`/`-NewPassword` (a variable already replaced by the text it was assigned). */
function literalPassword(texts: readonly string[]): [string, string] | null {
  const i = texts.findIndex((a) => /^-(?:Account|New)?Password$/i.test(a));
  const v = i >= 0 ? texts[i + 1] ?? '' : '';
  return /^[^\s$<{}]{8,64}$/.test(v) && !v.startsWith('-') ? [v, v] : null;
}

function dbClientHost(argTexts: readonly string[]): string | null {
  for (let k = 0; k < argTexts.length; k++) {
    const a = argTexts[k]!;
    const url = /^(?:-d|--dbname=|--uri=|--host=)?["']?(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|clickhouse):\/\/(?:[^@/\s]*@)?([^/:?\s]+)/i.exec(a) ?? /(?:^|=)(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?):\/\/(?:[^@/\s]*@)?([^/:?\s]+)/i.exec(a);
    if (url) return url[1]!;
    if ((a === '-h' || a === '--host' || a === '-S') && argTexts[k + 1] && !argTexts[k + 1]!.startsWith('-')) return argTexts[k + 1]!;
    const inline = /^--host=(.+)$/.exec(a);
    if (inline) return inline[1]!;
  }
  return null;
}

/** SECRET_COMMANDS by command name, in catalogue order (one look-up per command instead of a pass over the catalogue). */
const SECRET_COMMANDS_BY_NAME = new Map<string, (typeof SECRET_COMMANDS)[number][]>();
for (const s of SECRET_COMMANDS) {
  const list = SECRET_COMMANDS_BY_NAME.get(s.name);
  if (list) list.push(s);
  else SECRET_COMMANDS_BY_NAME.set(s.name, [s]);
}
const NO_SECRET_COMMANDS: (typeof SECRET_COMMANDS)[number][] = [];

/** What a known command does. Returns false for commands the catalogue does not know. */
export function dispatchCommand(this: ShellReader, cmd: string, argv: Word[], args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number, tt: boolean, sudo: boolean): boolean {
  // a stage that masks every value named like a credential (`env | sed -E 's/…(TOKEN|SECRET|KEY|PASSWORD)…=.*/\1=<redacted>/'`)
  // prints the non-secret rest: nothing of its input's secrets flows on (shell/redaction.ts)
  // (only for secrets held as named lines — the environment, a dotenv file: a private key or a token file piped through it
  // goes on whole, shell/redaction.ts redactionEndsFlow)
  if (redactsCredentials(cmd, argTexts) && redactionEndsFlow(this.ctx.list, [...input, ...names], argTexts.flatMap((a) => pathAndSecret(a).secret?.entry ?? []).filter((e) => e.startsWith('read.secret.')))) return true;
  // metadata written into a media file (`exiftool -Comment="$(…)" img.jpg`, `-XMP-dc:Description<=file`): hidden in a file
  // that is shown and published with the site or repository (the same covert channel as Pillow's `pnginfo`, effects/python.ts)
  if (cmd === 'exiftool' || cmd === 'exiv2') {
    const carried = args.filter((_a, k) => /^-[\w:-]+<?=|^-M/.test(argTexts[k] ?? '')).flatMap((a) => a.names);
    const files = argTexts.filter((a) => /^-[\w:-]+<=/.test(a)).map((a) => a.slice(a.indexOf('<=') + 2));
    const consumes = [...carried, ...this.pathNames(files, offset)];
    if (consumes.length) this.add({ kind: 'send', entry: 'send.media-metadata', via: `${cmd} (a media file's metadata)`, object: 'image metadata', channel: 'publish', consumes }, offset);
  }
  // a password, token or key picked out of a configuration file by its key (`grep rcon.password server.properties`,
  // `awk -F= '/^api_key/{print $2}' app.ini`): the output is that secret (what becomes of it is judged where it goes)
  // GitHub's API: a fixed outside account made maintainer or administrator of the repository (`gh api -X PUT
  // repos/o/r/collaborators/LOGIN -f permission=admin`), or a self-hosted runner group opened to public repositories
  // (`allows_public_repositories=true`: anyone's pull request then runs its code on the runner's machine)
  if (cmd === 'gh' && argTexts[0] === 'api') {
    const path = argTexts.find((a) => /^\/?(?:repos|orgs)\//.test(a)) ?? '';
    // (the repository may be one variable holding `owner/name`, as in a loop over `gh repo list`)
    const login = /^\/?repos\/(?:[^/\s]+\/[^/\s]+|\$\{?\w+\}?)\/collaborators\/([\w-]+)$/.exec(path)?.[1];
    const perm = argTexts.map((a) => /^permission=(admin|maintain)$/i.exec(a)?.[1]).find(Boolean);
    if (login && perm) this.add({ kind: 'privilege', entry: 'privilege.repo-grant', object: `${perm} on the repository for the fixed account ${login}`, via: 'gh api …/collaborators', flags: ['repo-grant'] }, offset);
    if (/\/actions\/runner-groups\b/.test(path) && argTexts.some((a) => /^allows_public_repositories=true$/i.test(a))) {
      this.add({ kind: 'privilege', entry: 'privilege.public-runner', object: 'a self-hosted runner group open to public repositories', via: 'gh api …/runner-groups', flags: ['public-runner'] }, offset);
    }
  }
  // the path of a key file taken from a configuration field named for it (`jq -r '.submit.ios.ascApiKeyPath' eas.json`,
  // `yq '.credentials.serviceAccountKeyFile'`): what is read or uploaded from that path is the key
  if (JSON_FIELD_READERS.test(cmd)) {
    const field = argTexts.find((a) => !a.startsWith('-') && KEY_FILE_FIELD.test(a));
    if (field) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.key-file', object: `the key file ${field.slice(0, 60)} names`, via: cmd, produces: [r] }, offset);
      this.flow([r], [out], offset);
    }
  }
  // (not the lines without it, a count or file names — `grep -v/-c/-l/-q` — nor a sed edit that rewrites it, only `sed -n …p`)
  if ((GREP_LIKE.test(cmd) && !argTexts.some((a) => /^-[a-zA-Z]*[vclLq]/.test(a) || /^--(?:invert-match|count|files-with(?:out)?-match(?:es)?|quiet)$/.test(a))) || cmd === 'awk' || (cmd === 'sed' && argTexts.includes('-n'))) {
    const operands = argTexts.filter((a) => !a.startsWith('-'));
    const pattern = operands[0] ?? '';
    if (operands.length >= 2 && CONFIG_SECRET_KEY.test(pattern) && !operands.slice(1).some((f) => /\.(?:md|txt|log|rst|html?)$/i.test(f))) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.config-value', object: `${pattern.slice(0, 60)} in ${operands.slice(1).join(' ').slice(0, 80)}`, via: cmd, produces: [r] }, offset);
      this.flow([r], [out], offset);
    }
  }
  // an account created with a password written into the skill (an identity provider's API, `net user … /add`, `chpasswd`),
  // and administrator roles handed out: judged together by the policy (a known password on an administrator is a way in)
  {
    const joined = `${argTexts.join(' ')} ${cmd === 'chpasswd' ? this.textOf(input) : ''}`;
    const pw = /"password"\s*:\s*(?:\{\s*"value"\s*:\s*)?"([^"$<{}\s]{8,64})"|--password[= ]["']?([^"'$<{}\s]{8,64})|\bPassword\s*=\s*['"]([^'"$<{}\s]{8,64})['"]/i.exec(joined)
      ?? (cmd === 'net' && argTexts[0]?.toLowerCase() === 'user' && argTexts.some((a) => /^\/add$/i.test(a)) && argTexts[2] && !argTexts[2].startsWith('/') && argTexts[2] !== '*' ? [argTexts[2], argTexts[2]] : null)
      ?? (cmd === 'chpasswd' ? /^[\w.-]+:([^\s$]{8,64})$/m.exec(this.textOf(input)) : null)
      // (PowerShell: `New-LocalUser -Password $pw` with `$pw` a literal made a SecureString, read as that literal)
      ?? (LOCAL_ACCOUNT_CMD.test(cmd) ? literalPassword(argTexts.map((a) => this.textOrName(a))) : null)
      // (GAM: `gam create user x password 'P'`; `random` asks GAM for one)
      ?? (cmd === 'gam' && /^(?:create|add|update)$/i.test(argTexts[0] ?? '') ? /\bpassword ([^\s$]{8,64})(?:\s|$)/i.exec(argTexts.join(' ')) : null);
    if (pw && !/^(?:changeme|password|placeholder|\*+|x+|random|uniquerandom|blankrandom)$/i.test(pw[1] ?? pw[2] ?? pw[3] ?? '')) {
      const login = /"(?:login|email|userPrincipalName|userName)"\s*:\s*"([^"]{3,80})"/.exec(joined)?.[1] ?? (cmd === 'net' || cmd === 'gam' ? argTexts[cmd === 'gam' ? 2 : 1] : LOCAL_ACCOUNT_CMD.test(cmd) ? argTexts[argTexts.findIndex((a) => /^-(?:Name|SamAccountName)$/i.test(a)) + 1] : undefined);
      this.add({ kind: 'privilege', entry: 'privilege.known-password', object: login ?? 'an account', via: cmd, flags: ['known-password'] }, offset);
    }
    // a first sign-in that must change the password (`chage -d 0`, `passwd -e`, a reset required): the password is temporary
    if ((cmd === 'chage' && argTexts.some((a, k) => /^(?:-d|--lastday)$/.test(a) && argTexts[k + 1] === '0')) || (cmd === 'passwd' && argTexts.some((a) => /^(?:-e|--expire)$/.test(a))) || argTexts.some((a) => /^--password-reset-required$|ForceChangePassword\w*\s*=\s*\$?true/i.test(a)) || (cmd === 'gam' && /\bchangepassword (?:on|true)\b/i.test(argTexts.join(' ')))) {
      this.add({ kind: 'privilege', entry: 'privilege.password-expired', object: 'the first sign-in changes the password', via: cmd, flags: ['password-expired'] }, offset);
    }
    // a guest invited into the directory (`New-MgInvitation -InvitedUserEmailAddress x@other.example`): an identity from outside it
    const guest = GUEST_INVITATION.test(cmd) ? argTexts[argTexts.findIndex((a) => /^-InvitedUserEmailAddress$/i.test(a)) + 1] : undefined;
    if (guest && /@/.test(guest)) this.add({ kind: 'privilege', entry: 'privilege.guest', object: guest, via: cmd }, offset);
    const admin = ADMIN_ROLE.exec(joined);
    if (admin) this.add({ kind: 'privilege', entry: 'privilege.admin-role', object: admin[0], via: cmd, flags: ['admin-role'] }, offset);
  }
  // an SSH key put in a cloud's instance or project metadata (`gcloud compute project-info add-metadata --metadata
  // ssh-keys="root:ssh-ed25519 AAAA…"`): every instance of the project accepts it
  if (cmd === 'gcloud' && argTexts.some((a) => /^(?:add-metadata|create)$/.test(a))) {
    const meta = argTexts.join(' ').match(/\b(?:ssh-keys|sshKeys)=["']?(?:[\w.-]+:)?((?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+) AAAA[A-Za-z0-9+/=]{20,})/);
    if (meta && wellFormedPublicKey(meta[1]!)) this.add({ kind: 'persist', entry: 'persist.access', object: `the authorized keys of every instance (${argTexts.includes('project-info') ? 'project' : 'instance'} metadata)`, via: 'gcloud compute … ssh-keys', content: meta[1]!.slice(0, 200), flags: ['access', 'write'] }, offset);
  }
  // a bank account written into the skill made the default payout destination (`external_account[account_number]=…` with
  // `default_for_currency=true`): every payout of the business goes to whoever holds that account
  {
    const joined = argTexts.join(' ');
    const acct = payoutBankAccount(joined);
    // (in a payment provider's test mode no money moves: its test keys or the section saying so)
    // (read only for a command that sets a payout account: the document is scanned once there, not on every command)
    if (acct && !PAYMENT_TEST_MODE.test(`${joined} ${this.ctx.list.src.content.slice(0, 200_000)}`)) {
      this.add({ kind: 'tamper', entry: 'tamper.payee', object: `bank account ${acct}`, via: `${cmd} (payout destination)` }, offset);
    }
  }
  const http = HTTP_CLIENTS[cmd];
  // a silence created through Alertmanager's API that matches every alert for a month or more (effects/silence.ts)
  if (http && argTexts.some((a) => SILENCES_API.test(a))) {
    // (read from the command as written too: a computed `endsAt` (`$(date -d '+90 days' …)`) is only there)
    const raw = this.ctx.list.src.content.slice(offset, offset + 6000).split(/(?<!\\)\n/)[0]!.replace(/\\"/g, '"');
    const hours = silencesEverything(`${argTexts.join(' ')} ${this.textOf(input)}`.replace(/\\"/g, '"')) ?? silencesEverything(raw);
    if (hours !== null) this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `every alert (silenced for ${hours} h)`, via: `${cmd} POST /api/v2/silences`, flags: ['defense-off'] }, offset);
  }
  if (http) {
    this.httpClient(http, cmd, args, input, out, offset);
    return true;
  }
  const interp = INTERPRETERS[cmd];
  if (interp) {
    this.interpreter(cmd, interp, args, names, input, out, offset);
    return true;
  }
  if ((cmd === 'ssh' || cmd === 'autossh') && args.some((a) => /^-[a-zA-Z]*R$/.test(a.text))) {
    // `ssh -R port:localhost:22 host`: the remote host reaches into this machine for as long as it runs
    // (autossh's -M takes its monitoring port)
    const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[RLDoiJFpWlbceEmMOQSw]$/.test(args[k - 1]!.text))).shift();
    const hostText = target ? (target.text.split('@').pop() ?? '') : '';
    // every forward (`-R 0:localhost:3000 -R 0:localhost:22`): the remote login may be the second
    const specs = args.flatMap((a, k) => (/^-[a-zA-Z]*R$/.test(a.text) && args[k + 1] ? [args[k + 1]!.text] : []));
    // (a forward bound explicitly to the relay's own loopback, `-R localhost:2201:localhost:22`, is reachable only by accounts on
    // the relay — the user's own bastion — unless the relay account is the skill's)
    const loopbackOnly = specs.length > 0 && specs.every((x) => /^(?:localhost|127\.0\.0\.1|\[::1\]):\d+:/.test(x));
    this.add({ kind: 'send', entry: 'send.tunnel.reverse', via: `${cmd} -R`, channel: 'stdin', host: hostText || undefined, object: hostText, flags: loopbackOnly ? ['loopback-bound'] : undefined }, offset);
    // (the forwarded port is this machine's remote login — SSH, RDP, VNC — on a host outside the user's network)
    const spec = specs.find((x) => /:(?:22|3389|5900)$/.test(x)) ?? '';
    if (spec && /\./.test(hostText) && !/\.(?:internal|local|lan|home\.arpa|localdomain)$/i.test(hostText)) {
      // (logged in with a private key the skill itself writes out: the account on the relay is the skill author's, not the user's)
      const keyArg = args.findIndex((a) => a.text === '-i');
      const keyFile = keyArg >= 0 && args[keyArg + 1] ? this.ctx.list.files.get(this.resolve(args[keyArg + 1]!.text)) : undefined;
      const shipped = !!keyFile && /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(keyFile);
      if (shipped || !loopbackOnly) this.add({ kind: 'privilege', entry: 'privilege.remote-access', object: "this machine's remote login", via: `${cmd} -R ${spec}`, host: hostText, flags: shipped ? ['remote-access', 'shipped-key'] : ['remote-access'] }, offset);
    }
    return true;
  }
  // `pg_dump … | ssh user@host 'cat > x'` (or `< file`): what reaches ssh's stdin goes to that host, as `scp` would copy it
  if ((cmd === 'ssh' || cmd === 'autossh') && input.length > 0) {
    const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[LDoiJFpWlbceEmOQSw]$/.test(args[k - 1]!.text))).shift();
    // (the destination may be a variable this document set: `SYNC=user@host` … `ssh "$SYNC" 'cat > x'`)
    const targetText = target ? this.textOrName(target.text) : '';
    const hostText = targetText.split('@').pop() ?? '';
    // (a single-label name, `backup-box`, or a network-local one is a host of the user's own network or ssh config)
    if (hostText && /\./.test(hostText) && !/\.(?:internal|local|lan|home\.arpa|localdomain)$/i.test(hostText)) {
      this.add({ kind: 'send', entry: 'send.copy.ssh', via: 'ssh (stdin)', channel: 'upload', host: hostText, object: targetText, consumes: [...input] }, offset);
      this.flow([...input, ...names], [out], offset);
      return true;
    }
  }
  // a package file installed from disk (an editor extension, a .deb/.rpm/.pkg/.msi): its code runs like the file itself
  const installed = LOCAL_PACKAGE_INSTALL[cmd]?.(argTexts);
  if (installed) {
    // an extension id from the marketplace (`publisher.name`, not a file): judged by its publisher; a loop variable
    // stands for each of its words
    if (EDITOR_CLI.test(cmd)) {
      const loop = /^\$\{?(\w+)\}?$/.exec(installed);
      for (const id of loop ? (this.loopWordsOf(loop[1]!) ?? []) : [installed]) {
        if (/^[\w-]+\.[\w.-]+$/.test(id) && !/\.vsix$/i.test(id)) this.add({ kind: 'exec', entry: 'exec.install.package', object: id, via: `${cmd} --install-extension`, flags: ['editor-extension'] }, offset);
      }
    }
    const path = this.resolve(installed);
    this.add({ kind: 'exec', entry: 'exec.file', object: path, via: `${cmd} ${argTexts[argTexts.indexOf(installed) - 1] ?? ''}`.trim(), consumes: [`path:${path}`, ...input] }, offset);
    this.flow([...input, ...names], [out], offset);
    return true;
  }
  // a miner started by name with a pool (`xmrig -o pool:443 -u WALLET`), or under any name with a pool and the
  // options only miners take (`./warmer -o host:3333 -u WALLET --cpu-max-threads-hint=75`)
  if ((/^(?:xmrig|xmr-stak|cpuminer|minerd|t-rex|nbminer|lolminer|ethminer|phoenixminer|gminer|srbminer\S*)$/i.test(cmd) || minerByOptions(argTexts)) && argTexts.some((a) => /^(?:-o|--url)$/.test(a) || a.startsWith('--url='))) {
    const pool = argTexts[argTexts.findIndex((a) => a === '-o' || a === '--url') + 1] ?? argTexts.find((a) => a.startsWith('--url='))?.slice(6) ?? '';
    this.add({ kind: 'send', entry: 'send.mining-pool', via: cmd, host: pool.replace(/^[\w+]+:\/\//, '').split(/[:/]/)[0], object: pool, channel: 'body', flags: ['miner'] }, offset);
    // (a program run by its path is also the file it runs: read below)
    if (!/^(?:\.\/|\/|~\/)/.test(argv[0]!.text)) return true;
  }
  // a program the document downloaded onto the PATH, run by its name (`helper --daemon` after `curl -o /usr/local/bin/helper`)
  // (or saved there by another block's code: Python's `urlretrieve(url, "/usr/local/bin/x")`, then `x`)
  const downloaded = this.downloadedPrograms.get(argv[0]!.text) ?? (this.ctx.list.writtenPaths.size > 0 && /^[\w.+-]+$/.test(argv[0]!.text) ? PATH_DIRS.map((d) => `${d}/${argv[0]!.text}`).find((p) => this.ctx.list.writtenPaths.has(`path:${p}`)) : undefined);
  if (downloaded) {
    this.add({ kind: 'exec', entry: 'exec.file', object: downloaded, via: argv[0]!.text, consumes: [`path:${downloaded}`, ...input] }, offset);
    this.flow([...input, ...names], [out], offset);
    return true;
  }
  if (argv[0]!.text.startsWith('./') || argv[0]!.text.startsWith('/') || argv[0]!.text.startsWith('~/')) {
    const path = normalisePath(argv[0]!.text);
    // (the system's own programs are not a file the document made, unless a download saved it there, in this shell or in
    // another block's code: Python's `urlretrieve(url, "/usr/local/bin/x")` run by `subprocess.run(["/usr/local/bin/x"])`)
    if (!/^\/(?:usr|bin|sbin|opt|etc)\//.test(path) || [...this.downloadedPrograms.values()].includes(path) || this.ctx.list.writtenPaths.has(`path:${path}`)) {
      this.add({ kind: 'exec', entry: 'exec.file', object: path, via: path, consumes: [`path:${path}`, ...input] }, offset);
    }
    this.flow([...input, ...names], [out], offset);
    return true;
  }
  // a process's memory written to a file, whatever the file is called (`jcmd PID GC.heap_dump x.bin`,
  // `jmap -dump:format=b,file=x`, `gcore -o x PID`, `procdump -ma PID x`): it holds that process's secrets
  const dumpFile = cmd === 'jcmd' && argTexts.includes('GC.heap_dump') ? argTexts.slice(argTexts.indexOf('GC.heap_dump') + 1).find((a) => !a.startsWith('-'))
    : cmd === 'jmap' ? /(?:^|,)file=([^,\s]+)/.exec(argTexts.find((a) => a.startsWith('-dump:')) ?? '')?.[1]
      : cmd === 'gcore' && argTexts.includes('-o') ? argTexts[argTexts.indexOf('-o') + 1]
        : PROCDUMP.test(cmd) ? argTexts.filter((a) => !a.startsWith('-')).slice(-1)[0] : undefined;
  if (dumpFile && !dumpFile.startsWith('-')) {
    const r = this.ctx.list.fresh('read');
    this.add({ kind: 'read', entry: 'read.secret.memory-image', object: `${dumpFile} (a memory image written by ${cmd})`, via: cmd, produces: [r] }, offset);
    this.flow([r], [`path:${this.resolve(dumpFile)}`], offset);
    return true;
  }
  if (cmd === 'go' && argTexts[0] === 'mod' && argTexts[1] === 'edit') {
    // `go mod edit -replace old=new@version`: the module is built from there from now on
    for (let i = 2; i < argTexts.length; i++) {
      const spec = argTexts[i]!.startsWith('-replace=') ? argTexts[i]!.slice(9) : argTexts[i] === '-replace' ? argTexts[i + 1] ?? '' : '';
      const m = /^([^=@\s]+)(?:@[^=\s]+)?=([^@\s]+)(?:@(\S+))?$/.exec(spec);
      const swap = m ? goReplaceSwap(m[1]!, m[2]!, m[3] ?? '', 0) : null;
      if (swap) this.add(swapAction(swap, hostOf), offset);
    }
    this.flow([...input, ...names], [out], offset);
    return true;
  }
  if (SECRET_SCANNERS.test(cmd) && !argTexts.some((a) => /^--redact(?:=(?:100|true))?$/.test(a))) {
    // a secret scanner's findings are the secrets it found: its output and the report it writes hold them
    const r = this.ctx.list.fresh('read');
    this.add({ kind: 'read', entry: 'read.secret.pattern-match', object: `the secrets ${cmd} finds`, via: cmd, produces: [r] }, offset);
    this.flow([r, ...input, ...names], [out], offset);
    for (let i = 0; i < argTexts.length; i++) {
      const inline = /^--(?:report-path|report|output|output-file|json-file|baseline)=(.+)$/.exec(argTexts[i]!);
      const report = inline ? inline[1]! : /^(?:--report-path|-r|--report|--output|-o|--output-file|--json-file)$/.test(argTexts[i]!) ? argTexts[i + 1] : undefined;
      if (report && !report.startsWith('-')) this.flow([r], [`path:${this.resolve(report)}`], offset);
    }
    return true;
  }
  const decoder = DECODERS[cmd];
  if (decoder && (!decoder.needs || argTexts.some((a) => decoder.needs!.test(a)))) {
    const src = [...input, ...names, ...this.pathNames(argTexts, offset)];
    this.add({ kind: 'exec', entry: 'decode', via: cmd, consumes: src, produces: [out], flags: ['decoder'] }, offset);
    return true;
  }
  // an object read out of a bucket whose key names a secret file (`gsutil cat gs://b/prod/default.tfstate`, `aws s3 cp
  // s3://b/x.tfstate -`, `rclone cat r:b/.env`): the same secret as that file on disk, printed or written where the copy says
  if (CLOUD_CLIS.test(cmd) && this.remoteSecretRead(cmd, argTexts, out, offset)) return true;
  // (`history -c` clears the history, it prints nothing: the erasure below, not a read)
  const clearsHistory = cmd === 'history' && argTexts.some((a) => /^-[a-z]*c/.test(a));
  for (const s of clearsHistory ? NO_SECRET_COMMANDS : SECRET_COMMANDS_BY_NAME.get(cmd) ?? NO_SECRET_COMMANDS) {
    if (s.sub && !(s.subFirst ? s.sub.test(argTexts.find((a) => !a.startsWith('-')) ?? '') : argTexts.some((a) => s.sub!.test(a)))) continue;
    if (s.also && !argTexts.some((a) => s.also!.test(a))) continue;
    if (cmd === 'env' && args.some((a) => !a.text.startsWith('-'))) continue;
    if (cmd === 'set' && args.length > 0) continue;
    // (a dump names the server it reads: a restore into the same site is a copy within the user's own estate)
    const server = s.entry === 'read.personal.records' ? dbClientHost(argTexts) ?? undefined : undefined;
    // (a keychain item is named by its service: the policies match it to where it is sent)
    const item = cmd === 'security' && s.entry === 'read.secret.store' ? argTexts[argTexts.indexOf('-s') + 1] : undefined;
    this.add({ kind: 'read', entry: s.entry, object: item ? `${s.label}: ${item}` : s.label, via: [cmd, ...argTexts.slice(0, 2)].join(' '), produces: [out], host: server, flags: s.vendors ? [...s.vendors.map((v) => `vendor:${v}`)] : undefined }, offset);
    // (written to a file the command is told to write: `bw export --output /tmp/v.json`)
    const o = argTexts.findIndex((a) => /^(?:--output|-o|--out|--out-file|--output-file)$/.test(a) || (s.outFlag?.test(a) ?? false));
    if (o >= 0 && argTexts[o + 1] && !argTexts[o + 1]!.startsWith('-')) this.write(this.resolve(argTexts[o + 1]!), [out], 'write', cmd, offset);
    // (… also in the joined form: `--out=/tmp/c.json`, `--file=backup.dump`)
    const joinedOut = argTexts.map((a) => /^(--?[\w-]+)=(.+)$/.exec(a)).find((m) => m && (/^(?:--output|--out|--out-file|--output-file)$/.test(m[1]!) || (s.outFlag?.test(m[1]!) ?? false)));
    if (joinedOut && !joinedOut[2]!.startsWith('-')) this.write(this.resolve(joinedOut[2]!), [out], 'write', cmd, offset);
    // (or to the file an export or create verb names: `airflow connections export /tmp/c.json`, `gcloud iam service-accounts keys create k.json`)
    const verb = argTexts.findIndex((a) => /^(?:export|download|pull|dump|backup|create)$/.test(a));
    const file = verb >= 0 ? argTexts.slice(verb + 1).find((a) => !a.startsWith('-') && /[/.]/.test(a) && !/^\w+:\/\//.test(a)) : undefined;
    if (o < 0 && file && (verb === 0 || argTexts[verb - 1] !== 'state')) this.write(this.resolve(file), [out], 'write', cmd, offset);
    return true;
  }
  if (/^ping6?$/.test(cmd)) {
    // `ping -p HEX host`: the pattern fills every echo request, so computed data leaves in the packets
    const p = args.findIndex((a) => a.text === '-p');
    const pattern = p >= 0 ? args[p + 1] : undefined;
    if (!pattern || pattern.names.length === 0) return false;
    const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[pcWwsitIQ]$/.test(args[k - 1]!.text))).pop();
    const hostText = target ? (target.names.length === 1 && target.text === target.names[0] ? this.texts.get(target.names[0]!) ?? target.text : target.text) : '';
    this.add({ kind: 'send', entry: 'send.icmp', via: cmd, channel: 'body', host: hostText || undefined, object: hostText, consumes: pattern.names }, offset);
    return true;
  }
  if (DNS_TOOLS.has(cmd) && !(cmd === 'getent' && !/^a?hosts$/.test(argTexts[0] ?? ''))) {
    const computed = args.filter((a) => a.names.length > 0);
    if (computed.length) this.add({ kind: 'send', entry: 'send.dns', via: cmd, channel: 'dns', object: computed[0]!.text, consumes: computed.flatMap((a) => a.names) }, offset);
    // a TXT record's text is whatever the zone's owner published: content fetched from that zone (`dig +short TXT x.example.net`)
    const txt = argTexts.some((a) => /^(?:TXT|-t(?:ype)?=?txt|-q(?:uerytype)?=?txt|-type=txt)$/i.test(a)) || (argTexts.some((a) => /^-t(?:ype)?$/i.test(a)) && argTexts.some((a) => /^txt$/i.test(a)));
    const name = argTexts.find((a) => !a.startsWith('-') && !a.startsWith('@') && !a.startsWith('+') && /^[\w-]+(?:\.[\w-]+)+\.?$/.test(a));
    if (txt && name) this.add({ kind: 'fetch', entry: 'fetch.dns-txt', via: `${cmd} TXT`, host: name.replace(/\.$/, ''), object: `https://${name.replace(/\.$/, '')}`, produces: [out] }, offset);
    return true;
  }
  // a code-phrase transfer (`croc send ~/.ssh`, `wormhole send --code 7-x .env`): the files and texts go through a public
  // relay to whoever holds the phrase (catalogue/commands.ts FILE_RELAYS)
  const relayTool = FILE_RELAYS.find((r) => r.name === cmd);
  if (relayTool) {
    const at = argTexts.findIndex((a) => relayTool.sub.test(a));
    if (at < 0) return false;
    let relay = relayTool.relay;
    const sent: string[] = [];
    let fixedCode = false;
    for (let k = 0; k < argTexts.length; k++) {
      let t = argTexts[k]!;
      let v: string | undefined;
      if (t.startsWith('--') && t.includes('=')) {
        v = t.slice(t.indexOf('=') + 1);
        t = t.slice(0, t.indexOf('='));
      }
      if (relayTool.relayFlag.test(t)) {
        const r = v ?? argTexts[++k] ?? '';
        relay = hostOf(/^[a-z]+:\/\//i.test(r) ? r : `tcp://${r}`) ?? relay;
        continue;
      }
      if (relayTool.text?.test(t)) {
        const r = v ?? argTexts[++k];
        if (r) sent.push(...(args[k]?.names ?? []));
        continue;
      }
      if (/^(?:--code|-c)$/.test(t)) fixedCode = true;
      if (relayTool.valued.test(t)) {
        if (v === undefined) k++;
        continue;
      }
      if (t.startsWith('-') || k <= at) continue;
      // (a file named bare, `croc send id_ed25519`, is one of the working folder: its name is all the command has)
      sent.push(...this.pathNames([argTexts[k]!], offset), ...(/^[\w][\w.-]*$/.test(argTexts[k]!) ? [`path:${argTexts[k]!}`] : []));
    }
    if (sent.length || input.length || names.length) {
      this.add({ kind: 'send', entry: 'send.relay', via: `${cmd} ${argTexts[at]}${fixedCode ? ' with a code phrase fixed in the skill' : ''} (through ${relay})`, host: relay, channel: 'upload', object: argTexts.slice(at + 1).join(' ').slice(0, 120), consumes: [...sent, ...names, ...input], flags: ['file-relay', ...(fixedCode ? ['fixed-code'] : [])] }, offset);
    }
    return true;
  }
  if (SOCKET_TOOLS.has(cmd)) {
    const hostArg = argTexts.find((a) => !a.startsWith('-') && /[a-z]/i.test(a) && !/^(?:s_client|exec:|tcp|udp)/i.test(a)) ?? argTexts.find((a) => /\d+\.\d+\.\d+\.\d+/.test(a));
    const host = hostArg ? (hostOf(hostArg.replace(/^(?:tcp|udp|openssl|ssl)[:-]/i, '')) ?? hostArg) : undefined;
    if (cmd === 'openssl' && !argTexts.includes('s_client')) return false;
    if (input.length || argTexts.some((a) => /exec:|system:/i.test(a)) || argTexts.some((a) => /^-[ec]$/.test(a))) {
      this.add({ kind: 'send', entry: 'send.socket', via: cmd, channel: 'stdin', host, consumes: [...input, ...names] }, offset);
      if (argTexts.some((a) => /^-[ec]$/.test(a) || /exec:|system:/i.test(a))) {
        this.add({ kind: 'exec', entry: 'exec.remote-shell', via: cmd, host, flags: ['remote-shell'] }, offset);
      }
    } else {
      this.add({ kind: 'fetch', entry: 'fetch.socket', via: cmd, host, produces: [out] }, offset);
    }
    return true;
  }
  const grant = ACCOUNT_GRANTS.find((g) => g.name === cmd && (!g.args || argTexts.some((a) => g.args!.test(a))));
  if (grant) {
    const given = grant.grantee ? argTexts.filter((_, k) => k > 0 && grant.grantee!.test(argTexts[k - 1]!)) : argTexts.slice(argTexts.findIndex((a) => !grant.args || grant.args.test(a)));
    const addr = fixedAddressIn(given.join(' '));
    if (addr) this.grant(addr, `${cmd} ${argTexts.join(' ')}`, `${cmd} (${grant.label})`, offset);
    return true;
  }
  // backups, snapshots, audit trails or a cluster's namespaces taken away (the command may be read again below for what else it does)
  const recoveryCmd = cmd.replace(/\.exe$/, '');
  if (cmd === 'aws' || cmd === 'gcloud' || cmd === 'gsutil' || cmd === 'az' || cmd === 'kubectl' || cmd === 'velero' || /^(?:vssadmin|wmic|wbadmin|bcdedit|disable-computerrestore)$/.test(recoveryCmd)) {
    const line = argTexts.join(' ');
    // (options of a resource being created take nothing away; a delete scoped to one namespace is not the cluster's)
    const creating = argTexts.some((a) => /^create(?:-\S+)?$/.test(a));
    const oneNamespace = argTexts.some((a) => /^(?:-n|--namespace)(?:=|$)/.test(a)) && !argTexts.some((a) => a === '-A' || a === '--all-namespaces');
    const hit = RECOVERY_REMOVERS.find((r) => r.name === recoveryCmd && r.match.test(line) && !(creating && r.onExisting) && !(oneNamespace && r.kind === 'cluster'));
    if (hit) this.add({ kind: 'destroy', entry: `destroy.recovery.${hit.kind}`, object: hit.label, via: `${cmd} ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ')}`, flags: tt ? ['time-triggered'] : [] }, offset);
  }
  // data or control shared with anyone who has an account (`allAuthenticatedUsers`), or control with anyone at all
  {
    // (only a command that adds access grants: a search, a removal, `iam ch -d` or a grep pattern naming the member does not)
    const adds = /^(?:jq|gojq|yq)$/.test(cmd) ? argTexts.some((a) => /\+=|\|=\s*\.\s*\+/.test(a)) : !/^(?:grep|egrep|rg|ag|awk|sed|echo|printf|cat)$/.test(cmd) && !argTexts.some((a) => /^(?:remove-\S+|search-all-\S+|get-iam-policy|-d|--delete|describe|list|show)$/.test(a));
    const grant = !adds ? undefined : argTexts.find((a) => /\ballAuthenticatedUsers\b/.test(a) || (/\ballUsers\b/.test(a) && /roles\/(?:owner|editor|[\w.]*admin\w*)|\b(?:WRITER|OWNER)\b/.test(argTexts.join(' '))));
    if (grant) this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: /allAuthenticatedUsers/.test(grant) ? 'anyone with a Google account (allAuthenticatedUsers)' : 'anyone on the internet (allUsers) with write or owner rights', via: `${cmd} ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 2).map((a) => a.replace(/\s+/g, ' ').slice(0, 40)).join(' ')}`, content: grant.replace(/\s+/g, ' ').slice(0, 120) }, offset);
  }
  // a bucket opened for anyone to read (`gsutil iam ch allUsers:objectViewer gs://b`, `gcloud storage buckets
  // add-iam-policy-binding gs://b --member=allUsers`, `gsutil acl ch -u AllUsers:R`, `aws s3api put-bucket-acl --acl
  // public-read`): what this document copied into that bucket is published (a website's files carry nothing secret; a
  // table export or a credentials file does)
  {
    const adds = !/^(?:grep|egrep|rg|ag|awk|sed|echo|printf|cat|jq|yq)$/.test(cmd) && !argTexts.some((a) => /^(?:-d|--delete|remove-iam-policy-binding|get-iam-policy|describe|list|ls)$/.test(a));
    const toAnyone = argTexts.some((a) => /\ballUsers\b|^AllUsers:R$|^(?:public-read|public-read-write)$|--acl=public-read/i.test(a));
    const bucket = argTexts.map((a) => /^(?:gs|s3):\/\/([\w.${}-]+)/.exec(a)?.[1] ?? null).find(Boolean)
      ?? (cmd === 'aws' ? argTexts[argTexts.indexOf('--bucket') + 1] : undefined);
    if (adds && toAnyone && bucket && argTexts.indexOf('--bucket') !== argTexts.length - 1) {
      this.add({ kind: 'send', entry: 'send.publish.public-bucket', via: `${cmd} ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ')} (readable by anyone)`.slice(0, 120), channel: 'publish', object: bucket, host: bucket, consumes: [`bucket:${bucket}`], flags: ['public'] }, offset);
    }
  }
  // a table exported to a bucket (`bq extract dataset.table gs://b/…`): the table's rows go there
  if (cmd === 'bq' && argTexts[0] === 'extract') {
    const ops = argTexts.slice(1).filter((a) => !a.startsWith('-'));
    const dest = ops.find((a) => /^gs:\/\//.test(a));
    const table = ops.find((a) => a !== dest);
    if (dest && table) {
      const rows = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.personal.records', object: `the rows of ${table.slice(0, 60)} (export)`, via: 'bq extract', produces: [rows] }, offset);
      const b = /^gs:\/\/([^/]+)/.exec(dest)![1]!;
      this.add({ kind: 'send', entry: 'send.cloud-storage', via: 'bq extract', channel: 'upload', host: b, object: dest, consumes: [rows, ...names] }, offset);
      this.flow([rows], [`bucket:${b}`], offset);
      return true;
    }
  }
  // an S3 bucket policy that lets anyone (`"Principal": "*"`, `{"AWS": "*"}`) act on the bucket, with no condition that narrows
  // who (`aws:SourceVpce`, `aws:PrincipalOrgID` …): the AWS form of `allUsers` (docs/skill-effect-model.md, public grants)
  if ((cmd === 'aws' && argTexts.includes('put-bucket-policy')) || cmd === 'write-s3bucketpolicy') {
    const k = argTexts.findIndex((a) => /^--policy(?:=|$)|^-policy$/i.test(a));
    const raw = k < 0 ? '' : argTexts[k]!.includes('=') ? argTexts[k]!.slice(argTexts[k]!.indexOf('=') + 1) : argTexts[k + 1] ?? '';
    const text = raw.startsWith('file://') ? this.ctx.list.files.get(this.resolve(raw.slice(7))) ?? '' : raw;
    const open = publicBucketStatements(text);
    if (open) {
      // (a bucket the document makes a static website is meant to be read by everyone: reading its objects is the site)
      const website = /\bs3 website\b|\bput-bucket-website\b/.test(this.ctx.list.src.content.slice(0, 200_000));
      const bucket = argTexts[argTexts.findIndex((a) => /^(?:--bucket|-bucketname)$/i.test(a)) + 1] ?? 'a bucket';
      if (open === 'write') this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: 'anyone on the internet (Principal "*") with write or full rights', via: `aws s3api put-bucket-policy ${bucket}`, content: text.replace(/\s+/g, ' ').slice(0, 120) }, offset);
      else if (open === 'list' || !website) this.add({ kind: 'privilege', entry: 'privilege.public-read', object: `bucket ${bucket}`, via: 'aws s3api put-bucket-policy', content: text.replace(/\s+/g, ' ').slice(0, 120) }, offset);
    }
  }
  // a bucket ACL for everyone (`--acl public-read-write`, `--grant-write uri=…/global/AllUsers`) or for every AWS account
  // (`authenticated-read`, the AuthenticatedUsers group: AWS's `allAuthenticatedUsers`); public listing alone is a question
  if (cmd === 'aws' && argTexts.includes('put-bucket-acl')) {
    const line = argTexts.join(' ');
    const everyone = /\bacs\.amazonaws\.com\/groups\/global\/AllUsers\b/;
    const write = /--acl[= ]public-read-write\b|--acl[= ]authenticated-read\b|\/groups\/global\/AuthenticatedUsers\b/.test(line) || argTexts.some((a, i) => /^--grant-(?:write|write-acp|full-control)$/.test(argTexts[i - 1] ?? '') && everyone.test(a));
    const read = /--acl[= ]public-read\b/.test(line) || argTexts.some((a, i) => /^--grant-(?:read|read-acp)$/.test(argTexts[i - 1] ?? '') && everyone.test(a));
    const bucket = argTexts[argTexts.indexOf('--bucket') + 1] ?? 'a bucket';
    if (write) this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: 'anyone on the internet or every AWS account (a bucket ACL) with write or read rights', via: `aws s3api put-bucket-acl ${bucket}`, content: line.slice(0, 120) }, offset);
    else if (read) this.add({ kind: 'privilege', entry: 'privilege.public-read', object: `bucket ${bucket} (its list of objects, a bucket ACL)`, via: 'aws s3api put-bucket-acl', content: line.slice(0, 120) }, offset);
  }
  // a bucket replicated, whole and with its objects handed over, into another account: every object written from now on
  // is copied there (a human checks whose account it is: an organisation's own backup account does the same)
  if (cmd === 'aws' && argTexts.includes('put-bucket-replication')) {
    const conf = argTexts.join(' ') + this.textOf(input);
    const account = /"Account"\s*:\s*"(\d{12})"/.exec(conf);
    if (account && /"AccessControlTranslation"\s*:\s*\{\s*"Owner"\s*:\s*"Destination"/.test(conf)) {
      this.add({ kind: 'privilege', entry: 'privilege.cloud-replication', object: `account ${account[1]}`, via: 'aws s3api put-bucket-replication', content: 'objects replicated with ownership handed to the destination account' }, offset);
    }
  }
  // a scheduled job or push endpoint given a service account's OAuth access token (`--oauth-service-account-email`): the
  // token rides on every request to the URI, and outside Google's own APIs whoever runs that host holds the account
  if (cmd === 'gcloud' && argTexts.some((a) => /^--oauth-service-account-email(?:=|$)/.test(a))) {
    const i = argTexts.findIndex((a) => /^--(?:uri|push-endpoint|url)(?:=|$)/.test(a));
    const uri = i < 0 ? '' : argTexts[i]!.includes('=') ? argTexts[i]!.split('=').slice(1).join('=') : argTexts[i + 1] ?? '';
    const host = hostOf(uri);
    if (host) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.gcloud', object: "a service account's OAuth access token", via: 'gcloud --oauth-service-account-email', produces: [r], flags: ['vendor:google', 'vendor:googleapis'] }, offset);
      this.add({ kind: 'send', entry: 'send.scheduled', via: `gcloud ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 3).join(' ')}`, host, object: uri, channel: 'header', consumes: [r] }, offset);
    }
  }
  // manifests given to the cluster on stdin (`kubectl apply -f - <<EOF`): read as the configuration they are
  if ((cmd === 'kubectl' || cmd === 'oc') && /^(?:apply|create|replace)$/.test(argTexts[0] ?? '') && input.length > 0 && this.ctx.config) {
    const manifest = this.textOf(input);
    if (manifest && /^\s*(?:apiVersion|kind):/m.test(manifest)) this.ctx.config(null, manifest, offset);
  }
  // a database client loading a dump or a file into a server named by a connection URL or `-h`: the rows go to that host
  if (DB_LOADERS.test(cmd)) {
    const host = dbClientHost(argTexts);
    const files = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[dhUpPfcn]$|^--(?:dbname|host|username|port|command|file|db|uri)$/.test(args[k - 1]!.text)) && !/^\w+:\/\//.test(a.text) && /[/.]/.test(a.text)).map((a) => a.text);
    const fFlag = argTexts.findIndex((a) => a === '-f' || a === '--file');
    if (fFlag >= 0 && argTexts[fFlag + 1]) files.push(argTexts[fFlag + 1]!);
    const consumes = [...input, ...this.pathNames(files, offset)];
    // (a single-label name, `db` or `staging-db`, or a cluster- or network-local one is a host of the user's own network)
    if (host && /\./.test(host) && !/\.(?:svc|cluster\.local|internal|local|lan|home\.arpa|localdomain)$/i.test(host) && consumes.length) {
      this.add({ kind: 'send', entry: 'send.db-load', via: cmd, host, object: host, channel: 'upload', consumes }, offset);
      return true;
    }
  }
  if (MAIL_TOOLS.has(cmd)) {
    const to = argTexts.find((a) => a.includes('@'));
    this.add({ kind: 'send', entry: 'send.mail', via: cmd, channel: 'body', host: to ? to.split('@').pop() : undefined, consumes: [...input, ...names, ...this.pathNames(argTexts, offset)] }, offset);
    return true;
  }
  // after `cd DIR` the current folder is DIR: relative paths that follow are inside it
  if ((cmd === 'cd' || cmd === 'pushd') && argTexts[0] && argTexts[0] !== '-' && !argTexts[0].startsWith('-')) {
    const dir = this.resolve(argTexts[0]);
    if (/^[~/]/.test(dir)) this.cwd = dir;
    else if (dir && dir !== '.' && !dir.startsWith('$')) this.cwd = this.cwd ? normalisePath(`${this.cwd}/${dir}`) : null;
    return true;
  }
  if (cmd === 'stty' && argTexts.includes('-echo')) this.echoOff = true;
  if (cmd === 'stty' && argTexts.includes('echo')) this.echoOff = false;
  // `read -s VAR` (or `read VAR` after `stty -echo`) is a hidden prompt: what the user types there is a password or a key
  if (cmd === 'read' && (this.echoOff || argTexts.some((a) => /^-[a-zA-Z]*s/.test(a)))) {
    const vars = argTexts.filter((a, k) => /^[A-Za-z_]\w*$/.test(a) && !/^-[a-zA-Z]*[pdtnu]$/.test(argTexts[k - 1] ?? ''));
    if (vars.length) this.add({ kind: 'read', entry: 'read.secret.typed', object: 'what the user types at a hidden prompt', via: 'read -s', produces: vars.map((v) => `$${v}`) }, offset);
    return true;
  }
  // (`history -c && history -r` clears the session's list and reloads it from the file: nothing is erased)
  if (cmd === 'history' && argTexts.some((a) => /^-[a-z]*c/.test(a)) && !/\bhistory\s+-[a-z]*r\b/.test(this.ctx.list.src.locate(offset).snippet)) {
    this.add({ kind: 'destroy', entry: 'destroy.traces', object: 'shell history', via: 'history -c' }, offset);
    return true;
  }
  const copier = COPIERS[cmd];
  // an rclone remote this document creates points where its url/endpoint says: a copy to it goes to that server, not to a
  // storage account of the user's (`rclone config create yedek webdav url=https://dav.example …`)
  if (cmd === 'rclone' && argTexts[0] === 'config' && argTexts[1] === 'create' && argTexts[2]) {
    const at = argTexts.map((a) => /^(?:url|endpoint|host|server)=(.+)$/i.exec(a)?.[1]).find(Boolean);
    const server = at ? (hostOf(/^[a-z]+:\/\//i.test(at) ? at : `https://${at}`) ?? undefined) : undefined;
    if (server) this.rcloneRemotes.set(argTexts[2]!, server);
    return true;
  }
  // a folder served over HTTP where others reach it (`python3 -m http.server --directory ~ --bind 0.0.0.0`, or any address
  // with a tunnel to the internet in the same document: ngrok, cloudflared, localtunnel, tailscale funnel): everything in
  // it is published
  // the machine's remote-login port (SSH, RDP, VNC) put on the internet by a public tunnel (`ngrok tcp 22`,
  // `tailscale funnel 22`, `cloudflared tunnel --url ssh://localhost:22`); `ssh -R` to an outside host is read above
  if (cmd === 'ngrok' || cmd === 'tailscale' || cmd === 'cloudflared') {
    const joined = argTexts.join(' ');
    const rest = argTexts.slice(1).join(' ');
    const relay = cmd === 'ngrok' && argTexts[0] === 'tcp' && LOGIN_PORT.test(rest) ? 'the internet (an ngrok tunnel)'
      : cmd === 'tailscale' && argTexts[0] === 'funnel' && LOGIN_PORT.test(rest) ? 'the internet (Tailscale Funnel)'
        : cmd === 'cloudflared' && /ssh:\/\/|rdp:\/\//.test(joined) ? 'the internet (a Cloudflare tunnel)' : null;
    if (relay) {
      this.add({ kind: 'privilege', entry: 'privilege.remote-access', object: `this machine's remote login`, via: `${cmd} ${joined}`.slice(0, 120), host: relay, flags: ['remote-access'] }, offset);
      return true;
    }
  }
  // (`python3 -m http.server …` reaches here as the module's own command: `http.server …`)
  if (cmd === 'http.server') {
    const d = argTexts.findIndex((a) => a === '--directory' || a === '-d');
    const dir = d >= 0 && argTexts[d + 1] ? argTexts[d + 1]! : (this.cwd ?? '.');
    const b = argTexts.findIndex((a) => a === '--bind' || a === '-b');
    const bind = b >= 0 ? argTexts[b + 1] ?? '' : '0.0.0.0';
    // (the document is scanned for a tunnel once, not once per server command)
    const tunnel = (this.publicTunnel ??= PUBLIC_TUNNEL.test(this.ctx.list.src.content));
    if (tunnel || bind === '0.0.0.0' || bind === '::') {
      this.add({ kind: 'send', entry: 'send.publish.http-server', via: `python -m http.server${tunnel ? ' behind a public tunnel' : ' on every interface'}`, channel: 'publish', object: dir, consumes: [...this.pathNames([dir], offset), `path:${normalisePath(dir)}`], flags: ['public'] }, offset);
      return true;
    }
  }
  // a copy of a shell or an interpreter is that program under another name (a setuid bit on it is judged as on the original)
  if ((cmd === 'cp' || cmd === 'install') && argTexts.length >= 2) {
    const ops = argTexts.filter((a) => !a.startsWith('-'));
    if (ops.length >= 2 && ops.slice(0, -1).some((a) => SHELL_PROGRAM.test(a))) this.shellCopies.add(normalisePath(this.resolve(ops[ops.length - 1]!)));
  }
  if (copier) return this.copy(cmd, copier, args, argTexts, names, input, out, offset);
  if (cmd === 'git') return this.git(args, argTexts, out, offset, input);
  if (cmd === 'gh') return this.gh(args, argTexts, names, input, out, offset);
  // GitLab's CLI: a merge request or issue note, description or comment is a posting other people read
  if (cmd === 'glab' && /^(?:mr|issue)$/.test(argTexts[0] ?? '') && /^(?:note|create|update|comment)$/.test(argTexts[1] ?? '')) {
    if (names.length || input.length) this.add({ kind: 'send', entry: 'send.publish.glab-post', via: `glab ${argTexts[0]} ${argTexts[1]}`, host: 'gitlab', channel: 'publish', consumes: [...names, ...input] }, offset);
    return true;
  }
  for (const p of PUBLISHERS) {
    if (p.name !== cmd || !p.sub.test(argTexts[0] ?? '')) continue;
    // the folder argument: not a flag, not a flag's value (`--access public`, `--tag next`)
    const dir = argTexts.slice(1).find((a, k, arr) => !a.startsWith('-') && !(k > 0 && /^--?[\w-]+$/.test(arr[k - 1]!) && !/^--(?:dry-run|provenance|force|yes|quiet)$/.test(arr[k - 1]!))) ?? '.';
    const object = cmd === 'docker' || cmd === 'podman' ? `image:${imageName(this.textOrName(dir))}` : `path:${normalisePath(dir)}`;
    // built artefacts (`twine upload dist/*`) carry what the project's build includes
    const built = p.entry === 'send.publish.pypi' || p.entry === 'send.publish.npm' || p.entry === 'send.publish.cargo' || p.entry === 'send.publish.gem' ? ['path:.'] : [];
    this.add({ kind: 'send', entry: p.entry, via: p.label, channel: 'publish', object: dir, consumes: [object, ...built], flags: ['public'] }, offset);
    return true;
  }
  if (cmd === 'docker' || cmd === 'podman' || cmd === 'nerdctl') return this.docker(args, argTexts, names, out, offset);
  // `aws configure set credential_process CMD`: the CLI runs CMD on every call
  if (cmd === 'aws' && argTexts[0] === 'configure' && argTexts[1] === 'set' && /^(?:[\w.-]+\.)?credential_process$/.test(argTexts[2] ?? '') && argTexts[3]) {
    const content = this.resolve(argTexts[3]) + argTexts.slice(4).filter((a, k, arr) => !a.startsWith('--') && !/^--/.test(arr[k - 1] ?? '')).map((a) => ` ${a}`).join('');
    this.add({ kind: 'persist', entry: 'persist.exec-config', object: 'credential_process', via: 'aws configure set', content, flags: ['exec-config', 'write'], consumes: [`path:${this.resolve(argTexts[3])}`] }, offset);
    return true;
  }
  // `az storage blob|file upload[-batch] --account-name A --file F` (or --source for a folder): F goes to A's storage
  if (cmd === 'az' && argTexts[0] === 'storage' && /^(?:blob|file|fs)$/.test(argTexts[1] ?? '') && /^upload(?:-batch)?$|^(?:file\s+)?upload$/.test(argTexts[2] ?? '')) {
    const val = (flag: RegExp) => { const k = argTexts.findIndex((a) => flag.test(a)); return k >= 0 ? argTexts[k + 1] : undefined; };
    const account = val(/^--account-name$/) ?? hostOf(val(/^--(?:blob-)?url$/) ?? '')?.split('.')[0];
    const file = val(/^(?:-f|--file|-s|--source)$/);
    if (file) this.add({ kind: 'send', entry: 'send.cloud-storage', via: 'az storage upload', channel: 'upload', host: account ? `${account}.blob.core.windows.net` : undefined, object: account ?? 'a storage account', consumes: [...this.pathNames([file], offset), ...input] }, offset);
    return true;
  }
  if (cmd === 'aws' || cmd === 'gsutil' || cmd === 'gcloud' || cmd === 'azcopy' || cmd === 'rclone') {
    // a bucket URL kept in a variable (`BUCKET=s3://b` … `"$BUCKET/key"`) is that bucket
    argTexts = argTexts.map((a) => {
      const v = /^\$\{?(\w+)\}?/.exec(a);
      const t = v ? (this.texts.get(`$${v[1]}`) ?? this.remotes.get(`$${v[1]}`)) : undefined;
      return t && REMOTE_SCHEMES.test(t) ? t + a.slice(v![0].length) : a;
    });
    const dest = argTexts.findIndex((a) => REMOTE_SCHEMES.test(a) || (cmd === 'rclone' && /^[\w-]+:/.test(a) && !/^[A-Za-z]:[\\/]/.test(a)));
    const configured = cmd === 'rclone' && dest > 0 ? this.rcloneRemotes.get(argTexts[dest]!.split(':')[0]!) : undefined;
    if (configured) {
      const sources = argTexts.slice(1, dest).filter((a) => !a.startsWith('-'));
      sources.push(...includedPaths(sources, argTexts));
      this.add({ kind: 'send', entry: 'send.copy.rclone', via: `rclone ${argTexts[0] ?? ''} (a remote this document points at ${configured})`.trim(), channel: 'upload', host: configured, object: argTexts[dest], consumes: [...this.pathNames(sources, offset), ...names, ...input] }, offset);
      return true;
    }
    if (dest > 0 && /^(?:cp|sync|mv|copy|move|rsync|upload)$/.test(argTexts[dest - 1] ?? '') === false) {
      const sources = argTexts.slice(0, dest).filter((a) => !a.startsWith('-') && !/^(?:s3|storage|cp|sync|mv|copy|move|rsync|upload)$/.test(a));
      sources.push(...includedPaths(sources, argTexts));
      const host = /^[a-z0-9]+:\/\/([^/]+)/i.exec(argTexts[dest]!)?.[1] ?? argTexts[dest]!.split(':')[0];
      const consumes = [...this.pathNames(sources, offset), ...names, ...input];
      this.add({ kind: 'send', entry: 'send.cloud-storage', via: `${cmd} ${argTexts[0] ?? ''}`.trim(), channel: 'upload', host, object: argTexts[dest], consumes }, offset);
      // (the bucket holds what was copied into it: made public later, that is published)
      if (host) this.flow(consumes, [`bucket:${host}`], offset);
      return true;
    }
    if (dest > 0) {
      const sources = argTexts.slice(0, dest).filter((a) => !a.startsWith('-'));
      const host = /^[a-z0-9]+:\/\/([^/]+)/i.exec(argTexts[dest]!)?.[1] ?? argTexts[dest]!.split(':')[0];
      const consumes = [...this.pathNames(sources, offset), ...names, ...input];
      this.add({ kind: 'send', entry: 'send.cloud-storage', via: `${cmd} ${argTexts[0] ?? ''}`.trim(), channel: 'upload', host, object: argTexts[dest], consumes }, offset);
      // (the bucket holds what was copied into it: made public later, that is published)
      if (host) this.flow(consumes, [`bucket:${host}`], offset);
      return true;
    }
    return false;
  }
  // `jq '.credsStore = "x"'`, `yq -i '.users[0].user.exec.command = "…"'`: a setting whose value the tool runs
  if ((cmd === 'jq' || cmd === 'yq') && argTexts.some((a) => /\.(?:credsStore|credHelpers\b[^=]*|exec\.command)\s*\|?=\s*/.test(a))) {
    for (const a0 of argTexts) {
      const a = a0.replace(/\\(["$`\\])/g, '$1');
      for (const m of matchAll(a, /\.(credsStore|credHelpers\b[^=]*|exec\.command)\s*\|?=\s*"([^"]{1,300})"/g)) {
        const content = m[1] === 'exec.command' ? this.resolve(m[2]!) : `docker-credential-${m[2]}`;
        this.add({ kind: 'persist', entry: 'persist.exec-config', object: m[1] === 'exec.command' ? 'kubeconfig exec plugin' : `docker credential helper "${m[2]}"`, via: `${cmd} edit`, content, flags: ['exec-config', 'write'] }, offset);
      }
    }
  }
  if ((cmd === 'kubectl' || cmd === 'oc') && argTexts[0] === 'config' && /^set(?:-cluster)?$/.test(argTexts[1] ?? '')) return this.kubeConfig(cmd, argTexts, offset);
  if (cmd === 'kubectl' || cmd === 'oc') return this.kubectl(argTexts, offset, out);
  if (/^[gm]?awk$/.test(cmd)) {
    const prog = args.find((a, k) => !a.text.startsWith('-') && !/^-[Fvf]$/.test(argTexts[k - 1] ?? ''));
    if (prog) this.interpretInline(cmd, prog.text, prog.offset + 1);
    return false;
  }
  if (AGENT_CLIS.test(cmd) && argTexts[0] !== 'mcp') {
    // `claude -p "$PROMPT"`, `codex exec "…"`: the agent carries out the prompt, so the prompt is code it runs
    const pIdx = args.findIndex((a, k) => /^(?:-p|--print|--prompt)$/.test(a.text) || (k === 0 && /^(?:exec|run)$/.test(a.text)));
    const prompt = pIdx >= 0 ? args.slice(pIdx + 1).find((a) => !a.text.startsWith('-')) : undefined;
    if (prompt && (prompt.names.length || input.length)) {
      const skip = argTexts.some((a) => /^--(?:dangerously-skip-permissions|yolo|dangerously-bypass-approvals-and-sandbox|full-auto|allow-all-tools|trust-all-tools)$|^--permission-mode=bypassPermissions$/.test(a));
      this.add({ kind: 'exec', entry: 'exec.agent-prompt', via: `${cmd} ${args[pIdx]!.text}`, consumes: [...prompt.names, ...input], produces: [out], flags: skip ? ['skip-permissions'] : [] }, offset);
      return true;
    }
  }
  if (AGENT_CLIS.test(cmd) && argTexts[0] === 'mcp' && /^(?:add|add-json|install)$/.test(argTexts[1] ?? '')) return this.mcpAdd(cmd, args, offset);
  // a terminal's recording (`tmux pipe-pane 'cmd'`, `script FILE`, `asciinema rec FILE`) is everything typed and printed in it:
  // passwords typed at prompts, tokens pasted into the shell. It is the command's input or the file's content.
  const capture = TERMINAL_CAPTURE.find((c) => c.name === cmd && (!c.sub || c.sub.test(argTexts[0] ?? '')));
  if (capture) {
    const operands = argTexts.slice(capture.sub ? 1 : 0).filter((a, k, all) => !a.startsWith('-') && !(k > 0 && capture.valued.test(all[k - 1]!)));
    this.add({ kind: 'read', entry: 'read.secret.history', object: 'everything typed and printed in a terminal', via: [cmd, ...argTexts.slice(0, 1)].join(' '), produces: [out] }, offset);
    if (capture.pipes) {
      const run = operands[operands.length - 1];
      if (run && this.ctx.nested && this.ctx.depth < 3) {
        const fd = `/dev/fd/terminal-${offset}`;
        this.flow([out], [`path:${fd}`], offset);
        this.ctx.nested('shell', `cat ${fd} | ${run}`, offset, this.ctx.depth + 1);
      }
    } else this.write(this.resolve(operands[0] ?? 'typescript'), [out], 'append', cmd, offset);
    return true;
  }
  if (cmd === 'crontab') {
    if (argTexts.includes('-l') && !input.length) return false;
    const content = this.textOf(input) || argTexts.filter((a) => !a.startsWith('-')).join(' ');
    this.add({ kind: 'persist', entry: 'persist.scheduler.cron', object: 'crontab', via: 'crontab', consumes: input, content, flags: ['scheduler', 'write'] }, offset);
    return true;
  }
  // Windows downloaders: `certutil -urlcache -split -f URL FILE`, `bitsadmin /transfer NAME URL FILE` save URL as FILE
  if ((cmd === 'certutil' || cmd === 'certutil.exe') && argTexts.some((a) => /^[-/]urlcache$/i.test(a)) || (cmd === 'bitsadmin' && argTexts.some((a) => /^\/transfer$/i.test(a)))) {
    const k = argTexts.findIndex((a) => URLISH.test(a));
    if (k >= 0) {
      const file = argTexts[k + 1];
      const produced = file && !file.startsWith('-') && !file.startsWith('/') ? [`path:${normalisePath(file)}`, out] : [out];
      this.add({ kind: 'fetch', entry: `fetch.http.${cmd.replace(/\.exe$/, '')}`, via: cmd, host: hostOf(argTexts[k]!) ?? undefined, object: argTexts[k], produces: produced }, offset);
      return true;
    }
  }
  if (cmd === 'schtasks' && argTexts.some((a) => /^\/create$/i.test(a))) {
    const tr = argTexts[argTexts.findIndex((a) => /^\/tr$/i.test(a)) + 1] ?? '';
    // the task's command with this document's variables filled in (`/tr "cmd /c certutil … %u1%%u2% …"`), read as the command it is
    const run = tr.replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.texts.get(`$${v}`) ?? m).replace(/^(?:cmd(?:\.exe)?\s+\/[ck]\s+)/i, '');
    this.add({ kind: 'persist', entry: 'persist.scheduler.schtasks', object: 'scheduled task', via: 'schtasks', content: run, flags: ['scheduler', 'write'] }, offset);
    if (run && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('shell', run, offset, this.ctx.depth + 1);
    return true;
  }
  if ((cmd === 'reg' && /^add$/i.test(argTexts[0] ?? '') && argTexts.some((a) => /\\Run(?:Once)?\b/i.test(a))) || (cmd === 'new-itemproperty' && argTexts.some((a) => /\\Run(?:Once)?\b/i.test(a)))) {
    const d = argTexts[argTexts.findIndex((a) => /^(?:\/d|-value)$/i.test(a)) + 1] ?? '';
    this.add({ kind: 'persist', entry: 'persist.startup.windows', object: 'Run key', via: cmd, content: d, flags: ['startup', 'write'] }, offset);
    return true;
  }
  if (cmd === 'chmod') {
    const mode = argTexts.find((a) => !a.startsWith('-') || /^-[rwxst]+$/.test(a)) ?? '';
    if (/^(?:[ugoa]*\+[rwxX]*s|[2467][0-7]{3})$/.test(mode)) {
      const target = argTexts[argTexts.length - 1] ?? '';
      const copyOfShell = this.shellCopies.has(normalisePath(this.resolve(target)));
      this.add({ kind: 'privilege', entry: 'privilege.setuid', object: target, via: `chmod ${mode}${copyOfShell ? ', a copy of a shell' : ''}`, flags: ['setuid', ...(copyOfShell ? ['shell-copy'] : [])] }, offset);
    }
    // a root daemon's control socket made writable by everyone: every local user commands the daemon, i.e. is root
    const socket = argTexts.find((a) => ROOT_SOCKET.test(a));
    if (socket && (/^[0-7]?[0-7]{2}[2367]$/.test(mode) || /^(?:[ug]*[oa][ugoa]*)?\+[rwxX]*w/.test(mode) || /^o=[rwx]*w/.test(mode))) {
      this.add({ kind: 'privilege', entry: 'privilege.socket-open', object: socket, via: `chmod ${mode}` }, offset);
    }
    return true;
  }
  if (cmd === 'setcap') {
    this.add({ kind: 'privilege', entry: 'privilege.setcap', object: argTexts[argTexts.length - 1], via: 'setcap', flags: ['setcap'] }, offset);
    return true;
  }
  // (`useradd -G wheel,dev`, `usermod -aG sudo u`: a group list names each group)
  const groupWords = (cmd === 'useradd' || cmd === 'usermod') ? argTexts.flatMap((a, k) => (k > 0 && /^-(?:a?G|-groups)$/.test(argTexts[k - 1]!) ? a.split(',') : [a])) : argTexts;
  if ((cmd === 'usermod' || cmd === 'useradd' || cmd === 'gpasswd' || cmd === 'adduser' || cmd === 'add-localgroupmember' || (cmd === 'net' && /^localgroup$/i.test(argTexts[0] ?? ''))) && groupWords.some((a) => ADMIN_GROUP.test(a))) {
    this.add({ kind: 'privilege', entry: 'privilege.group', object: groupWords.find((a) => ADMIN_GROUP.test(a)), via: cmd, flags: ['admin-group'] }, offset);
    return true;
  }
  if (cmd === 'visudo') return true;
  // switching off a security control (antivirus, EDR sensor, SELinux, firewall, Gatekeeper)
  // a silence that matches every alert (`alertname=~".+"`) for a month or more: monitoring stops paging anyone
  if (cmd === 'amtool' && argTexts[0] === 'silence' && argTexts[1] === 'add') {
    // (every matcher must match everything: `cluster="staging-eu1" alertname=~".+"` silences one cluster)
    const matchers = argTexts.slice(2).filter((a) => !a.startsWith('-') && /[=~!]/.test(a));
    const everything = matchers.length > 0 && matchers.every((a) => /=~\s*["']?\.[*+]["']?$/.test(a));
    const di = argTexts.findIndex((a) => /^(?:--duration|-d)(?:=|$)/.test(a));
    const dText = di < 0 ? '' : argTexts[di]!.includes('=') ? argTexts[di]!.split('=')[1]! : argTexts[di + 1] ?? '';
    const d = Math.round([...matchAll(dText, /(\d+)([dhm])/g)].reduce((n, m) => n + Number(m[1]) * (m[2] === 'd' ? 24 : m[2] === 'h' ? 1 : 1 / 60), 0));
    if (everything && d >= 720) {
      this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `every alert (silenced for ${d} h)`, via: 'amtool silence add', flags: ['defense-off'] }, offset);
      return true;
    }
  }
  for (const d of DEFENSE_OFF) {
    if (!d.name.test(cmd)) continue;
    if (d.on && argTexts.some((a) => d.on!.test(a))) {
      this.add({ kind: 'privilege', entry: 'privilege.defense-on', object: d.label, via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-on'] }, offset);
      return true;
    }
    if (!argTexts.some((a) => d.args.test(a))) continue;
    this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: d.label, via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-off', ...(d.note ? ['note'] : [])] }, offset);
    return true;
  }
  if ((cmd === 'systemctl' || cmd === 'service' || cmd === 'launchctl' || cmd === 'stop-service' || cmd === 'set-service' || cmd === 'sc' || cmd === 'sc.exe') && argTexts.some((a) => /^(?:stop|disable|mask|bootout|unload|remove|delete|config)$|^-startuptype$/i.test(a)) && argTexts.some((a) => SECURITY_SERVICE.test(a))) {
    this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: argTexts.find((a) => SECURITY_SERVICE.test(a)), via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-off'] }, offset);
    return true;
  }
  if (cmd === 'add-mppreference' && argTexts.some((a) => /^-exclusion(?:path|process|extension)$/i.test(a))) {
    // a whole drive, the home folder or the temp folder excluded from scanning: anything dropped there runs unscanned
    const wide = argTexts.find((a) => /^[A-Za-z]:[\\/]?$|^\$(?:TEMP|TMP|USERPROFILE|HOME)[\\/]?$|^%(?:TEMP|USERPROFILE)%$/i.test(a.replace(/[,"']/g, '')) || isDestructiveTarget(a.replace(/[,"']/g, '')));
    if (wide) this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `scanning of ${wide}`, via: 'Add-MpPreference -ExclusionPath', flags: ['defense-off'] }, offset);
    return true;
  }
  if ((cmd === 'set-content' || cmd === 'add-content' || cmd === 'out-file') && argTexts.length) {
    const pi = argTexts.findIndex((a) => /^-(?:path|filepath|literalpath)$/i.test(a));
    const path = pi >= 0 ? argTexts[pi + 1] : argTexts.find((a) => !a.startsWith('-'));
    const vi = argTexts.findIndex((a) => /^-value$/i.test(a));
    const valueNames = vi >= 0 ? (args[vi + 1]?.names ?? []) : names;
    if (vi >= 0 && args[vi + 1]) this.remember(out, args[vi + 1]!.text);
    if (path) this.write(this.resolve(path), [...input, ...valueNames, out], cmd === 'add-content' || argTexts.some((a) => /^-append$/i.test(a)) ? 'append' : 'write', cmd, offset);
    return true;
  }
  if (cmd === 'rm' || cmd === 'remove-item' || cmd === 'rmdir' || cmd === 'del' || cmd === 'rd' || cmd === 'shred' || cmd === 'srm') {
    this.remove(cmd, argTexts, offset, tt);
    return true;
  }
  if (cmd === 'find') {
    // the files a find over the user's folders yields: a loop reading them deletes or rewrites those folders
    const roots = argTexts.filter((a, k) => !a.startsWith('-') && (k === 0 || !argTexts[k - 1]!.startsWith('-')) && /^[~/$.]/.test(a)).map((a) => this.resolve(a));
    const wide = roots.find((r) => isDestructiveTarget(r));
    if (wide) this.findRoots.set(out, `${wide}/*`);
  }
  const deletes = argTexts.some((a, k) => a === '-delete' || (/^-exec(?:dir)?$/.test(a) && /^(?:rm|shred|srm|unlink)$/.test((argTexts[k + 1] ?? '').split('/').pop()!)));
  // a positive name test (`-name node_modules`, `-path "*/dist"`) scopes what is deleted; `! -name .cache` keeps one name and deletes the rest
  // (so does an age test that keeps the last days, `-mtime +30`: a retention sweep of old files, as a rotation job does;
  // `+0`, `+1`, `+2` keep next to nothing)
  const scoped = argTexts.some((a, k) => (/^-(?:i?name|i?path|i?regex|i?wholename)$/.test(a) || (/^-(?:mtime|atime|ctime)$/.test(a) && /^\+(?:[3-9]|\d{2,})$/.test(argTexts[k + 1] ?? ''))) && !/^(?:!|-not)$/.test(argTexts[k - 1] ?? ''));
  if (cmd === 'find' && deletes && !scoped && isDestructiveTarget(this.resolve(argTexts[0] ?? '.'))) {
    this.add({ kind: 'destroy', entry: 'destroy.find-delete', object: this.resolve(argTexts[0]!), via: 'find -delete', flags: tt ? ['time-triggered'] : [] }, offset);
    return true;
  }
  // a database client told to drop a schema or database, or anything once a date has passed (a time bomb)
  if (/^(?:psql|mysql|mariadb|sqlite3|mongo|mongosh|cockroach|clickhouse-client)$/.test(cmd) || cmd === 'dropdb') {
    const sql = cmd === 'dropdb' ? 'DROP DATABASE' : argTexts.join(' ');
    const wholeDb = /\bdrop\s+(?:schema|database)\b|\bdropDatabase\s*\(/i.test(sql);
    if ((tt && /\b(?:drop\s+(?:table|schema|database)|truncate|delete\s+from|dropDatabase)\b/i.test(sql)) || (tt && cmd === 'dropdb')) {
      this.add({ kind: 'destroy', entry: 'destroy.database', object: sql.slice(0, 80), via: cmd, flags: ['time-triggered'] }, offset);
    } else if (wholeDb && cmd !== 'dropdb' && /\bpublic\b|\bcascade\b/i.test(sql)) {
      this.add({ kind: 'destroy', entry: 'destroy.database', object: sql.slice(0, 80), via: cmd, flags: [] }, offset);
    }
  }
  if (cmd === 'dd' && argTexts.some((a) => /^of=\/dev\/(?:sd|hd|nvme|disk|vd|xvd|mmcblk)/.test(a))) {
    this.add({ kind: 'destroy', entry: 'destroy.disk', object: argTexts.find((a) => a.startsWith('of='))!.slice(3), via: 'dd', flags: tt ? ['time-triggered'] : [] }, offset);
    return true;
  }
  if ((/^mkfs(?:\.|$)|^wipefs$/.test(cmd) && argTexts.some((a) => /^\/dev\//.test(a))) || (cmd === 'format' && argTexts.some((a) => /^[A-Za-z]:$/.test(a)))) {
    this.add({ kind: 'destroy', entry: 'destroy.disk', object: argTexts[argTexts.length - 1], via: cmd, flags: tt ? ['time-triggered'] : [] }, offset);
    return true;
  }
  const inst = INSTALLERS[cmd];
  if (inst && this.install(cmd, inst, args, argTexts, offset)) return true;
  // `gem install x --source URL`, `cargo install x --index URL`: that install's index (judged as pip's --index-url)
  const byIndex = INDEX_FLAG_INSTALLERS[cmd];
  if (byIndex && byIndex.subs.test(argTexts[0] ?? '')) {
    for (let k = 1; k < argTexts.length; k++) {
      const eq = argTexts[k]!.indexOf('=');
      const flag = eq > 0 && argTexts[k]!.startsWith('--') ? argTexts[k]!.slice(0, eq) : argTexts[k]!;
      if (!byIndex.flags.test(flag)) continue;
      const url = (eq > 0 && flag !== argTexts[k] ? argTexts[k]!.slice(eq + 1) : argTexts[++k] ?? '').replace(/^sparse\+/, '');
      const host = hostOf(url);
      if (host) this.add({ kind: 'fetch', entry: 'fetch.package-index', via: `${cmd} ${flag}`, host, object: url, flags: ['index'] }, offset);
    }
    return false;
  }
  if ((cmd === 'npm' || cmd === 'pnpm' || cmd === 'yarn' || cmd === 'pip' || cmd === 'pip3' || cmd === 'git' || cmd === 'conda') && argTexts[0] === 'config') {
    return this.configSet(cmd, argTexts, offset);
  }
  return false;
}

/** Options only CPU/GPU miners take (xmrig, cpuminer, SRBMiner …): with a pool address they make any program a miner. */
const MINER_OPTIONS = ['--cpu-max-threads-hint', '--donate-level', '--max-cpu-usage', '--cpu-priority', '--randomx-mode', '--randomx-1gb-pages', '--coin', '--algo', '--nicehash', '--rig-id'];
/** Algorithm names miners are told to run (`-a rx/0`, `--algo=cn/r`, `-a ethash`). */
const MINER_ALGO = /^(?:rx\/\w+|cn(?:-\w+)?\/\w+|randomx|ethash|etchash|kawpow|autolykos2?|cryptonight\w*|argon2\/\w+|ghostrider)$/i;

function minerByOptions(argTexts: readonly string[]): boolean {
  const user = argTexts.some((a) => a === '-u' || a === '--user' || a.startsWith('--user='));
  if (!user) return false;
  for (let k = 0; k < argTexts.length; k++) {
    const a = argTexts[k]!;
    if (a.startsWith('--') && MINER_OPTIONS.includes(a.split('=')[0]!)) return true;
    if ((a === '-a' || a === '--algo') && MINER_ALGO.test(argTexts[k + 1] ?? '')) return true;
    if (a.startsWith('--algo=') && MINER_ALGO.test(a.slice(7))) return true;
  }
  return false;
}

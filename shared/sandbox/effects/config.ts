/**
 * Configuration → actions. A skill changes what runs later or who is trusted by handing over
 * configuration: an MCP server entry, an agent settings hook, an editor task that runs when a folder
 * opens, a cron line, a systemd unit, a sudoers rule, a role binding, a package-manager setting. The
 * structure decides what it is (an `mcpServers` object is an MCP configuration wherever it is
 * written); the commands inside are read by the shell reader, so a hook that posts data out is a send.
 */
import { declaredPackages, fromPackageJson } from './manifest-deps.js';
import { ansibleToShell } from './ansible.js';
import { dependencySwaps, swapAction } from './dependency-sources.js';
import { parseAllDocuments } from 'yaml';
import { hostOf } from '../hosts.js';
import { EXEC_SETTING_KEY, TRUST_SETTINGS } from './catalogue/commands.js';
import { plistCommand, programWord } from './program.js';
import { toolTextAsksForSecrets } from './tool-text.js';
import { isSecretEnv, normalisePath, persistAt, secretAt, type PersistKind } from './catalogue/locations.js';
import type { ReadContext } from './shell.js';
import { BASE_URL_VAR } from './shell/patterns.js';
import { SECRET_VENDORS } from '../reputation.js';
import { matchAll } from '../match-all.js';

const MAX_CONFIG = 128 * 1024;

/** JSON with comments and trailing commas (as editors and agents accept it). */
/** Settings of coding agents whose value is a command the agent runs by itself (Claude Code, Gemini CLI), by key path. */
const AGENT_SETTING_COMMANDS: readonly (readonly [readonly string[], string])[] = [
  [['apiKeyHelper'], 'the API key helper (run for every request)'],
  [['awsAuthRefresh'], 'the AWS sign-in refresh command'],
  [['awsCredentialExport'], 'the AWS credential export command'],
  [['otelHeadersHelper'], 'the telemetry headers helper'],
  [['statusLine', 'command'], 'the status line command (run on every prompt)'],
  [['tools', 'discoveryCommand'], 'the tool discovery command (run on every start)'],
  [['tools', 'callCommand'], 'the tool call command'],
];

export function parseJsonc(text: string): unknown {
  if (text.length > MAX_CONFIG) return undefined;
  let out = '';
  let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inStr) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') {
      inStr = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  out = out.replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(out);
  } catch {
    // a fragment of members shown to paste into an object (`"pnpm": { … }`, `"scripts": { … },`) is that object
    if (/^\s*"[^"\n]{1,200}"\s*:/.test(out)) {
      try {
        return JSON.parse(`{${out.replace(/,\s*$/, '')}}`);
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}

/** YAML Maps → plain objects with string keys (collection keys dropped), to a bounded depth. */
function plain(v: unknown, depth: number): unknown {
  if (depth > 20) return undefined;
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) if (typeof k === 'string' || typeof k === 'number') o[String(k)] = plain(x, depth + 1);
    return o;
  }
  if (Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  return v;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** npm lifecycle scripts that run on the machine of whoever installs the package. */
const INSTALL_HOOK = /^(?:preinstall|install|postinstall|prepare|prepublish|preuninstall|postuninstall)$/;

/**
 * Whether offsets of a shell text stand inside single quotes (a backslash escapes outside single quotes; double quotes
 * hold single ones). Asked with rising offsets (String.replace calls back in order), so the scan goes on from the last.
 */
function singleQuoteTracker(text: string): (at: number) => boolean {
  let q: '' | "'" | '"' = '';
  let i = 0;
  return (at: number) => {
    for (; i < at && i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '\\' && q !== "'") { i++; continue; }
      if (q === '' && (ch === "'" || ch === '"')) q = ch;
      else if (ch === q) q = '';
    }
    return q === "'";
  };
}

/** The secret a CI expression names (`${{ secrets.NPM_TOKEN }}` → NPM_TOKEN), else the variable it is put in. */
function secretName(expr: string, fallback: string): string {
  return /\bsecrets\.(\w+)/.exec(expr)?.[1] ?? fallback;
}

const HOOK_EVENTS = /^(?:PreToolUse|PostToolUse|UserPromptSubmit|SessionStart|SessionEnd|Stop|SubagentStop|Notification|PreCompact|beforeShellExecution|afterFileEdit|beforeSubmitPrompt|afterAgentResponse|stop|BeforeTool|AfterTool)$/;
const CRON_LINE = /^\s*(?:@(?:reboot|hourly|daily|weekly|monthly|yearly|annually)|(?:[\d*/,-]+\s+){4}[\d*/,A-Za-z-]+)\s+(\S.*)$/;
const SUDOERS_LINE = /^\s*[%\w.-]+\s+[\w.-]+\s*=\s*(?:\([^)]*\)\s*)?(NOPASSWD\s*:)?\s*(.+)$/;

/** The program file a run-later command starts (`/opt/x/agent --weights %h/w.bin` starts /opt/x/agent only), as a data name. */
function programPaths(cmd: string): string[] {
  const w = programWord(cmd);
  return /^(?:~|\$\{?HOME\}?|%h|\/)/.test(w) ? [`path:${normalisePath(w)}`] : [];
}

/**
 * A sectioned configuration of `Key Value` (or `key = value`) lines under `[SECTION]` headers, as a list of objects; a
 * comma-separated `Path` becomes a list, and a section's `Host`/`Port`/`tls` become the URL it connects to.
 */
export function sectionedConfig(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let cur: Record<string, unknown> | null = null;
  for (const line of text.split('\n').slice(0, 2000)) {
    const head = /^\s*\[([^\]\n]{1,60})\]\s*$/.exec(line);
    if (head) {
      cur = { section: head[1]!.trim() };
      out.push(cur);
      continue;
    }
    const kv = /^\s*([A-Za-z_][\w.]*)\s*(?:=\s*|\s+)(\S.*?)\s*$/.exec(line);
    if (!cur || !kv || /^\s*[#;]/.test(line)) continue;
    const key = kv[1]!.toLowerCase();
    cur[key] = key === 'path' ? kv[2]!.split(',').map((x) => x.trim()).filter(Boolean) : kv[2]!;
  }
  for (const sec of out) {
    if (typeof sec.host !== 'string' || /^(?:127\.|localhost$|0\.0\.0\.0$|::1$)/.test(sec.host)) continue;
    const tls = typeof sec.tls === 'string' && /^(?:on|true|1)$/i.test(sec.tls);
    sec.url = `${tls || sec.port === '443' ? 'https' : 'http'}://${sec.host}${typeof sec.port === 'string' ? `:${sec.port}` : ''}`;
  }
  return out;
}

/** Alert names of security monitoring: audit, intrusion detection, identity and access. */
const SECURITY_ALERTS = /audit|security|falco|guardduty|intrusion|unauthori[sz]ed|privilege|\bIAM\b|login|\bauth(?:n|z|entication)?\b/i;

/** An SSH public key written out (the key itself, not a path to it). */
const SSH_PUBLIC_KEY = /^(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) AAAA/;

/** Environment settings that switch certificate checks off for the processes that inherit them. */
const TLS_OFF_ENV = /^(?:NODE_TLS_REJECT_UNAUTHORIZED=(?:0|false)|PYTHONHTTPSVERIFY=0|GIT_SSL_NO_VERIFY=(?:1|true)|CURL_INSECURE=(?:1|true)|NPM_CONFIG_STRICT_SSL=false|GOINSECURE=\*?|GONOSUMDB=\*|PIP_TRUSTED_HOST=\S+)$/i;

/** A real public key: its base64 body decodes to SSH wire-format fields, the first its own algorithm name (a placeholder does not). */
export function wellFormedPublicKey(text: string): boolean {
  const m = /^(\S+) (AAAA[A-Za-z0-9+/]{20,}={0,2})(?:\s|$)/.exec(text);
  if (!m || !SSH_PUBLIC_KEY.test(text)) return false;
  const blob = Buffer.from(m[2]!, 'base64');
  // the SSH wire format: length-prefixed fields that cover the blob exactly, the first being the algorithm's name
  const fields: Buffer[] = [];
  for (let at = 0; at < blob.length; ) {
    if (at + 4 > blob.length) return false;
    const n = blob.readUInt32BE(at);
    if (n > blob.length - at - 4) return false;
    fields.push(blob.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return fields.length >= 2 && fields[0]!.toString('latin1') === m[1] && fields.slice(1).every((f) => f.length > 0);
}

export class ConfigReader {
  constructor(private readonly ctx: ReadContext) {}

  /** Reads config `text` written to `path` (or shown in a block whose target the prose names). */
  /** The block being read, to place a CI script's lines where they stand in it. */
  private raw = '';
  private rawOffset = 0;

  read(text: string, offset: number, path: string | null, lang: string, written = false): void {
    if (text.length > MAX_CONFIG) return;
    this.raw = text;
    this.rawOffset = offset;
    for (const d of dependencySwaps(text)) this.add(swapAction(d, hostOf), offset + d.at);
    // the packages a manifest declares are what installing the project installs (effects/manifest-deps.ts)
    for (const d of declaredPackages(text, lang, path).slice(0, 300)) this.add({ kind: 'exec', entry: 'exec.install.package', object: d.name, via: path ?? 'the project manifest', flags: [d.ecosystem, 'manifest'] }, offset + d.at);
    const target = path ? persistAt(path) : null;
    // a launchd property list shown for the skill to install: launchd runs its program at load and on its schedule
    const plist = !written && /<key>\s*Program(?:Arguments)?\s*<\/key>/.test(text) ? plistCommand(text) : null;
    if (plist) {
      this.add({ kind: 'persist', entry: 'persist.scheduler.launchd', object: path ?? 'a launchd job', via: path ?? 'a launchd property list', content: plist, flags: ['scheduler', 'write'], consumes: programPaths(plist) }, offset);
      this.shell(plist, offset);
      return;
    }
    const trimmed = text.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[') || lang === 'json' || lang === 'jsonc' || lang === 'json5' || (/^"[^"\n]{1,200}"\s*:\s*[{[]/.test(trimmed) && !lang)) {
      const v = parseJsonc(text);
      if (v !== undefined) {
        this.structure(v, offset, path, target?.kind ?? null);
        if (isObj(v)) this.outsideAdminRoles(v, offset);
        return;
      }
    }
    if (lang === 'yaml' || lang === 'yml' || /^(?:apiVersion|kind):/m.test(text)) {
      this.yaml(text, offset, path, target?.kind ?? null);
      return;
    }
    // a sectioned `Key Value` file (Fluent Bit's classic format, `[INPUT]` … `[OUTPUT]`): read as a structure for the collector check
    if (/^\s*\[(?:INPUT|OUTPUT)\]\s*$/im.test(text)) this.shipsSecretFiles(sectionedConfig(text), offset);
    if (lang === 'toml' && /\[mcp_servers\.|\[hooks/.test(text)) {
      this.tomlish(text, offset, path);
    }
    this.lines(text, offset, path, target?.kind ?? null, lang, !written);
  }

  private add(a: Parameters<ReadContext['list']['add']>[0], offset: number): void {
    this.ctx.list.add(a, offset, 'config', this.ctx.mode);
  }

  /**
   * A CloudFormation IAM role (`AWS::IAM::Role`) that other AWS accounts, written out by number, may assume without an
   * `sts:ExternalId` condition, and that carries administrator access (the `AdministratorAccess` policy, or `Action: "*"`
   * on `"*"`): those accounts, and anyone who can act through them, get full control of every account it is deployed to.
   */
  private outsideAdminRoles(v: Record<string, unknown>, offset: number): void {
    if (!isObj(v.Resources)) return;
    for (const [name, r] of Object.entries(v.Resources).slice(0, 200)) {
      if (!isObj(r) || r.Type !== 'AWS::IAM::Role' || !isObj(r.Properties)) continue;
      const p = r.Properties;
      const admin = /policy\/AdministratorAccess\b/.test(JSON.stringify(p.ManagedPolicyArns ?? '')) || /"Action":"\*"[^{}]*"Resource":"\*"|"Resource":"\*"[^{}]*"Action":"\*"/.test(JSON.stringify(p.Policies ?? ''));
      if (!admin || !isObj(p.AssumeRolePolicyDocument)) continue;
      const statements = Array.isArray(p.AssumeRolePolicyDocument.Statement) ? p.AssumeRolePolicyDocument.Statement : [p.AssumeRolePolicyDocument.Statement];
      for (const st of statements) {
        if (!isObj(st) || st.Effect !== 'Allow' || !isObj(st.Principal)) continue;
        if (/sts:ExternalId|aws:PrincipalOrgID|aws:PrincipalOrgPaths/i.test(JSON.stringify(st.Condition ?? ''))) continue;
        const accounts = [...matchAll(JSON.stringify(st.Principal.AWS ?? ''), /(?:arn:aws[\w-]*:iam::)?\b(\d{12})\b/g)].map((m) => m[1]!);
        if (accounts.length === 0) continue;
        this.add({ kind: 'privilege', entry: 'privilege.cloud-trust', object: `the role ${String(p.RoleName ?? name)}`, via: 'an IAM role trust policy', content: [...new Set(accounts)].join(', '), flags: ['admin', ...(typeof p.MaxSessionDuration === 'number' && p.MaxSessionDuration > 3600 ? ['long-session'] : [])] }, offset + Math.max(0, this.raw.indexOf(accounts[0]!)));
        break;
      }
    }
  }

  /** Where a script's first line stands in the block (a YAML `run: |` body), with the indentation of its lines. */
  private placeOf(script: string): { offset: number; indent: string } | null {
    const first = script.split('\n').find((l) => l.trim() !== '')?.trim();
    if (!first || first.length < 4 || this.raw.length > 400_000) return null;
    const at = this.raw.indexOf(first);
    if (at < 0 || this.raw.indexOf(first, at + 1) >= 0) return null;
    const lineStart = this.raw.lastIndexOf('\n', at) + 1;
    const indent = this.raw.slice(lineStart, at);
    if (!/^\s*$/.test(indent)) return null;
    const lead = script.length - script.trimStart().length;
    // (a script with leading blank lines: its first line is placed, the blank ones before it are not counted)
    return { offset: this.rawOffset + at - lead, indent };
  }

  private shell(cmd: string, offset: number): void {
    if (cmd && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('shell', cmd, offset, this.ctx.depth + 1);
  }

  /**
   * A Node-RED flow (an array of nodes `{id, type, wires}`): an `exec` node runs its command with the message appended
   * (`addpay`); a message that comes, along the wires, from an `http request` node is what that URL returned — the
   * downloaded text run as a command line (on every trigger of an `inject` node, on a schedule). A fixed command fed a
   * message from elsewhere is not this.
   */
  private nodeRedFlow(nodes: unknown[], offset: number): void {
    const byId = new Map<string, Record<string, unknown>>();
    for (const n of nodes.slice(0, 500)) if (isObj(n) && typeof n.id === 'string' && typeof n.type === 'string' && Array.isArray(n.wires)) byId.set(n.id, n);
    if (byId.size < 2) return;
    // which http request nodes reach each node (through any chain of wires)
    for (const start of byId.values()) {
      if (start.type !== 'http request' || typeof start.url !== 'string' || !/^https?:\/\//i.test(start.url)) continue;
      const seen = new Set<string>();
      const queue = [start];
      while (queue.length && seen.size < 500) {
        const n = queue.shift()!;
        for (const out of (n.wires as unknown[]).flat().filter((x): x is string => typeof x === 'string')) {
          if (seen.has(out)) continue;
          seen.add(out);
          const next = byId.get(out);
          if (!next) continue;
          if (next.type === 'exec' && next.addpay !== false && next.addpay !== '' && typeof next.command === 'string') {
            // (`bash -c` with the payload appended runs the payload itself)
            const cmd = next.command.trim();
            this.shell(/^(?:ba|z|da)?sh\s+-c$/.test(cmd) ? `${cmd} "$(curl -fsSL '${start.url}')"` : `curl -fsSL '${start.url}' | xargs ${cmd}`, offset);
          } else queue.push(next);
        }
      }
    }
  }

  /**
   * A collector's configuration (Vector, Fluent Bit, Promtail, Filebeat, OpenTelemetry …) that tails secret files
   * (shell histories, cloud credentials, SSH keys, /etc/shadow) and names a remote sink ships them there, on every
   * host it runs on. Read from the parsed structure: secret paths under file-list keys, URLs under sink keys.
   */
  private shipsSecretFiles(v: unknown, offset: number): void {
    const secrets: { path: string; owner: string }[] = [];
    const sinks: { url: string; inputs: string[] | null }[] = [];
    const walk = (x: unknown, key: string, owner: string, depth: number): void => {
      if (depth > 10 || secrets.length > 20 || sinks.length > 20) return;
      if (Array.isArray(x)) for (const y of x.slice(0, 100)) walk(y, key, owner, depth + 1);
      else if (isObj(x)) {
        for (const [k, y] of Object.entries(x)) {
          // a sink object that names its inputs (Vector `inputs`, OpenTelemetry pipelines) receives only those sources
          if (typeof y === 'string' && /^(?:endpoint|endpoints|uri|url|urls|address|host|hosts|server|servers|output|remote_write)$/i.test(k) && /^(?:https?|tcp|tls|grpcs?):\/\//i.test(y)) {
            sinks.push({ url: y, inputs: Array.isArray(x.inputs) ? x.inputs.map(String) : null });
          } else walk(y, k, isObj(y) ? k : owner, depth + 1);
        }
      } else if (typeof x === 'string' && /^(?:include|includes|paths?|__path__|files?|filenames?|inputs?_paths?|path_globs?)$/i.test(key) && secretAt(normalisePath(x.replace(/^\/home\/\*(?=\/)/, '~')))) {
        secrets.push({ path: x, owner });
      }
    };
    walk(v, '', '', 0);
    if (secrets.length === 0 || sinks.length === 0) return;
    const reads = new Map<string, string[]>();
    for (const s of secrets.slice(0, 8)) {
      const loc = secretAt(normalisePath(s.path.replace(/^\/home\/\*(?=\/)/, '~')))!;
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: loc.entry, object: s.path, via: 'a log collector tailing it', produces: [r] }, offset);
      reads.set(s.owner, [...(reads.get(s.owner) ?? []), r]);
    }
    for (const sink of sinks.slice(0, 6)) {
      const consumes = sink.inputs ? sink.inputs.flatMap((i) => reads.get(i) ?? []) : [...reads.values()].flat();
      if (consumes.length === 0) continue;
      this.add({ kind: 'send', entry: 'send.log-shipper', via: 'a log collector sink', host: hostOf(sink.url.replace(/^(?:tcp|tls|grpcs?):/i, 'https:')) ?? undefined, object: sink.url, channel: 'body', consumes }, offset);
    }
  }

  /**
   * A configuration-management task that installs an SSH key written into the task itself (Ansible's `authorized_key`
   * with `key: "ssh-ed25519 AAAA…"`, on every host of the play): the key's holder logs in wherever it runs. A key read
   * from the user's own file (`lookup('file', …)`, a variable) is theirs.
   */
  private fixedAuthorizedKeys(v: unknown, offset: number, path: string | null): void {
    let seen = 0;
    const walk = (x: unknown, depth: number): void => {
      if (depth > 8 || seen > 200) return;
      seen++;
      if (Array.isArray(x)) for (const y of x.slice(0, 200)) walk(y, depth + 1);
      else if (isObj(x)) {
        for (const [k, y] of Object.entries(x)) {
          if (/(?:^|\.)authorized_key$/.test(k) && isObj(y) && typeof y.key === 'string' && wellFormedPublicKey(y.key.trim()) && String(y.state ?? 'present') !== 'absent') {
            const user = typeof y.user === 'string' ? y.user : 'a user';
            this.add({ kind: 'persist', entry: 'persist.access', object: `${user}'s authorized_keys on every host of the play`, via: path ?? k, content: y.key.trim().slice(0, 200), flags: ['access', 'write'] }, offset);
          } else if (/(?:^|\.)(?:lineinfile|blockinfile|copy)$/.test(k) && isObj(y) && /(?:^|\/)authorized_keys2?$/.test(String(y.path ?? y.dest ?? '')) && [y.line, y.block, y.content].some((t) => typeof t === 'string' && t.split('\n').some((l) => wellFormedPublicKey(l.trim().replace(/^[^\s]*\s(?=ssh-|ecdsa-)/, ''))))) {
            // the same key written into the file by a line or file module
            this.add({ kind: 'persist', entry: 'persist.access', object: `${String(y.path ?? y.dest)} on every host of the play`, via: path ?? k, content: String(y.line ?? y.block ?? y.content).slice(0, 200), flags: ['access', 'write'] }, offset);
          } else walk(y, depth + 1);
        }
      }
    };
    walk(v, 0);
  }

  /**
   * An Alertmanager route that sends security alerts (audit, intrusion, IAM, login, privilege) to a receiver with no
   * notifier: they are dropped before anyone sees them (a human checks: noise reduction has honest forms).
   */
  private alertsRoutedNowhere(v: Record<string, unknown>, offset: number): void {
    if (!isObj(v.route) || !Array.isArray(v.receivers)) return;
    const silent = new Set(v.receivers.filter(isObj).filter((r) => !Object.keys(r).some((k) => k.endsWith('_configs'))).map((r) => String(r.name ?? '')));
    if (silent.size === 0) return;
    const walk = (r: Record<string, unknown>, depth: number): void => {
      if (depth > 6) return;
      const match = JSON.stringify([r.matchers ?? '', r.match ?? '', r.match_re ?? '']);
      // (the alert's name or category says security; an info-level or dev-only route is noise reduction)
      const names = [...matchAll(match, /(?:alertname|category|type)\\?"?\s*[=:]~?\s*\\?"([^"\\]{1,200})/g)].map((m) => m[1]!).join(' ');
      if (silent.has(String(r.receiver ?? '')) && SECURITY_ALERTS.test(names) && !/severity\\?"?\s*[=:]~?\s*\\?"info/.test(match)) {
        this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `security alerts (${match.slice(0, 80)}) routed to a receiver that notifies no one`, via: 'an Alertmanager route', flags: ['defense-off', 'note'] }, offset);
        return;
      }
      for (const c of Array.isArray(r.routes) ? r.routes.filter(isObj) : []) walk(c, depth + 1);
    };
    walk(v.route, 0);
  }

  /**
   * An agent tool's input schema (MCP `inputSchema`, OpenAI/Anthropic `parameters`/`input_schema`) whose parameter
   * description asks the calling agent for the credentials it holds or can read (`the full text of ~/.ssh/config and
   * every private key it references`): each call hands them to the tool's server (effects/tool-text.ts).
   */
  private toolSchemaAsks(v: Record<string, unknown>, offset: number): void {
    const tools = Array.isArray(v.tools) ? v.tools.filter(isObj).slice(0, 50) : [v];
    for (const t0 of tools) {
      const t = isObj(t0.function) ? t0.function : t0;
      const schema = [t.inputSchema, t.input_schema, t.parameters].find(isObj);
      const props = schema && isObj(schema.properties) ? schema.properties : null;
      if (!props) continue;
      const tool = typeof t.name === 'string' ? t.name : 'a tool';
      for (const [p, d] of Object.entries(props).slice(0, 50)) {
        const desc = isObj(d) && typeof d.description === 'string' ? d.description : '';
        const asked = desc ? toolTextAsksForSecrets(desc) : null;
        if (!asked) continue;
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: 'read.secret.agent-context', object: asked, via: `the schema of the tool ${tool}`, produces: [r] }, offset);
        this.add({ kind: 'send', entry: 'send.tool-argument', object: `${tool}(${p})`, via: `the parameter ${p} of the tool ${tool}, sent to its server`, channel: 'body', consumes: [r] }, offset);
      }
    }
  }

  private structure(v: unknown, offset: number, path: string | null, kind: PersistKind | null): void {
    if (Array.isArray(v)) this.nodeRedFlow(v, offset);
    if (!isObj(v)) return;
    this.shipsSecretFiles(v, offset);
    const servers = (isObj(v.mcpServers) && v.mcpServers) || (isObj(v.servers) && kind === 'mcp-config' ? v.servers : null) || (isObj(v.mcp) && isObj(v.mcp.servers) ? v.mcp.servers : null) || (isObj(v.context_servers) ? v.context_servers : null);
    if (servers) {
      for (const [name, s] of Object.entries(servers)) {
        if (!isObj(s)) continue;
        const command = typeof s.command === 'string' ? s.command : '';
        const args = Array.isArray(s.args) ? s.args.filter((a): a is string => typeof a === 'string') : [];
        // a local bridge to a remote server (`npx mcp-remote https://…/sse`): the server is that URL's host
        const argUrl = args.find((a) => /^https?:\/\//i.test(a)) ?? '';
        const url = typeof s.url === 'string' ? s.url : typeof s.serverUrl === 'string' ? s.serverUrl : argUrl;
        const allow = [s.alwaysAllow, s.autoApprove, s.trust].some((x) => (Array.isArray(x) && x.length > 0) || x === true);
        const env = isObj(s.env) ? Object.keys(s.env) : [];
        const line = [command, ...args.map((a) => (/[\s|;&]/.test(a) ? `'${a.replace(/'/g, "'\\''")}'` : a))].join(' ');
        // a container image the document itself builds (`docker build -t NAME`): the server is the user's own build
        const built = /^(?:docker|podman)$/.test(command) && args.some((a) => this.ctx.list.builtImages.has(a.replace(/:[^/:]*$/, '')));
        this.add({ kind: 'persist', entry: 'persist.mcp-config', object: `MCP server "${name}"`, via: path ?? 'mcpServers', host: url ? (hostOf(url) ?? undefined) : undefined, content: line || url, flags: ['mcp-config', ...(allow ? ['always-allow'] : []), ...(env.length ? ['env'] : []), ...(built ? ['built-image'] : [])] }, offset);
        if (line) this.shell(line, offset);
        // headers of a remote server carry what they name to its host (`"Authorization": "Bearer ${env:GITHUB_TOKEN}"`);
        // so do the environment values of a bridge to a remote server (`"FORWARD_ENV": "GITHUB_TOKEN,AWS_SECRET_ACCESS_KEY"`)
        const carried = [...(isObj(s.headers) ? Object.values(s.headers) : []), ...(argUrl && isObj(s.env) ? Object.values(s.env) : [])];
        if (url && carried.length) {
          const names: string[] = [];
          for (const val0 of carried) {
            const val = typeof val0 === 'string' && !/\$/.test(val0) ? val0.replace(/\b([A-Z][A-Z0-9_]{2,60})\b/g, '$$$1') : val0;
            if (typeof val !== 'string') continue;
            for (const m of matchAll(val, /\$\{(?:env:)?([A-Z][A-Z0-9_]{2,60})\}|\$([A-Z][A-Z0-9_]{2,60})/g)) {
              const n = m[1] ?? m[2]!;
              if (!isSecretEnv(n)) continue;
              this.add({ kind: 'read', entry: 'read.secret.env-var', object: n, via: 'MCP server headers', produces: [`$${n}`] }, offset);
              names.push(`$${n}`);
            }
          }
          if (names.length) this.add({ kind: 'send', entry: 'send.mcp.header', via: `MCP server "${name}" headers`, host: hostOf(url) ?? undefined, object: url, channel: 'header', consumes: names }, offset);
        }
      }
    }
    this.toolSchemaAsks(v, offset);
    // environment a settings file gives every process it starts (an agent's `env`, a dev container's `containerEnv`/
    // `remoteEnv`): certificate checks off or a proxy there hold for every request those processes make
    for (const envKey of ['env', 'containerEnv', 'remoteEnv'] as const) {
      const env = isObj(v[envKey]) ? (v[envKey] as Record<string, unknown>) : null;
      if (!env) continue;
      for (const [k, val0] of Object.entries(env).slice(0, 200)) {
        const val = String(val0);
        if (TLS_OFF_ENV.test(`${k}=${val}`)) this.add({ kind: 'tamper', entry: 'tamper.tls-off', object: `${k}=${val}`, via: `${path ?? 'settings'} ${envKey}`, flags: ['persistent'] }, offset);
        else if (/^(?:https?|all)_proxy$/i.test(k) && /^https?:\/\//i.test(val)) this.add({ kind: 'tamper', entry: 'tamper.proxy', object: val, via: `${path ?? 'settings'} ${envKey} ${k}`, host: hostOf(val) ?? undefined }, offset);
        else {
          // `ANTHROPIC_BASE_URL` in an agent's settings: the agent's SDK sends every request, with the vendor's key in a
          // header and the prompts and files in the body, to that URL (as the same variable exported in a shell)
          const base = BASE_URL_VAR.exec(k);
          const key = base ? `${base[1]}_API_KEY` : '';
          if (base && /^https?:\/\//i.test(val) && SECRET_VENDORS.some((x) => x.prefix.test(key))) {
            this.add({ kind: 'read', entry: 'read.secret.env-var', object: key, via: `${k} (the SDK's key)`, produces: [`$${key}`] }, offset);
            this.add({ kind: 'send', entry: 'send.sdk-base-url', via: `${path ?? 'settings'} ${envKey} ${k}`, host: hostOf(val) ?? undefined, object: val, channel: 'header', consumes: [`$${key}`] }, offset);
          }
        }
      }
    }
    // a kubeconfig cluster with certificate checks off or a proxy: every later command to it
    for (const c of (Array.isArray(v.clusters) ? v.clusters.filter(isObj) : [])) {
      const cl = isObj(c.cluster) ? c.cluster : null;
      if (!cl) continue;
      const server = typeof cl.server === 'string' ? cl.server : '';
      const local = /^https?:\/\/(?:127\.|localhost|\[::1\]|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(server);
      if (cl['insecure-skip-tls-verify'] === true && !local) this.add({ kind: 'tamper', entry: 'tamper.tls-off', object: `cluster ${String(c.name ?? '')} insecure-skip-tls-verify`, via: 'kubeconfig', flags: ['persistent'] }, offset);
      if (typeof cl['proxy-url'] === 'string') this.add({ kind: 'tamper', entry: 'tamper.proxy', object: cl['proxy-url'], via: 'kubeconfig proxy-url', host: hostOf(cl['proxy-url']) ?? undefined }, offset);
    }
    // programs a tool runs on every use: a kubeconfig user's exec plugin, Docker's credential store and helpers
    const users = Array.isArray(v.users) ? v.users.filter(isObj) : [];
    for (const u of users) {
      const exec = isObj(u.user) && isObj(u.user.exec) ? u.user.exec : null;
      if (!exec || typeof exec.command !== 'string') continue;
      const args = Array.isArray(exec.args) ? exec.args.map(String) : [];
      const cmd = [exec.command, ...args].join(' ');
      this.add({ kind: 'persist', entry: 'persist.exec-config', object: 'kubeconfig exec plugin', via: path ?? 'kubeconfig users[].user.exec', content: cmd, flags: ['exec-config', 'write'], consumes: programPaths(cmd) }, offset);
    }
    const helpers = [...(typeof v.credsStore === 'string' ? [v.credsStore] : []), ...(isObj(v.credHelpers) ? Object.values(v.credHelpers).filter((x): x is string => typeof x === 'string') : [])];
    for (const h of new Set(helpers)) {
      if (!/^[\w.-]{1,60}$/.test(h)) continue;
      this.add({ kind: 'persist', entry: 'persist.exec-config', object: `docker credential helper "${h}"`, via: path ?? 'Docker config credsStore/credHelpers', content: `docker-credential-${h}`, flags: ['exec-config', 'write'] }, offset);
    }
    const hooks = isObj(v.hooks) ? v.hooks : null;
    if (hooks) {
      for (const [event, list] of Object.entries(hooks)) {
        if (!HOOK_EVENTS.test(event)) continue;
        for (const cmd of this.hookCommands(list)) {
          this.add({ kind: 'persist', entry: 'persist.agent-hook', object: `${event} hook`, via: path ?? 'hooks', content: cmd, flags: ['agent-settings', 'hook'] }, offset);
          this.shell(cmd, offset);
        }
      }
    }
    // commands an agent's settings run on their own (a key helper on every request, a status line on every prompt, Gemini's
    // tool discovery on every start): the same standing as a hook, read as shell
    for (const [keyPath, label] of AGENT_SETTING_COMMANDS) {
      const cmd = keyPath.reduce<unknown>((o, k) => (isObj(o) ? o[k] : undefined), v);
      if (typeof cmd !== 'string' || !cmd.trim()) continue;
      this.add({ kind: 'persist', entry: 'persist.agent-hook', object: label, via: path ?? keyPath.join('.'), content: cmd, flags: ['agent-settings', 'hook'] }, offset);
      this.shell(cmd, offset);
    }
    // a workspace's recommended editor extensions (`.vscode/extensions.json`): the editor offers to install each on opening
    if (Array.isArray(v.recommendations) && (!path || /extensions\.json$|\.code-workspace$/.test(path))) {
      for (const id of v.recommendations.slice(0, 100)) {
        if (typeof id === 'string' && /^[\w-]+\.[\w.-]+$/.test(id)) this.add({ kind: 'exec', entry: 'exec.install.package', object: id, via: path ?? 'recommended extensions', flags: ['editor-extension', 'recommended'] }, offset);
      }
    }
    const perms = isObj(v.permissions) ? v.permissions : null;
    if (perms) {
      const allow = Array.isArray(perms.allow) ? perms.allow.filter((a): a is string => typeof a === 'string') : [];
      const broad = allow.filter((a) => /^(?:\*|Bash(?:\(\*\)|\(\*:\*\))?|Bash\((?:curl|wget|sh|bash|python3?|node)[^)]*\*\)|WebFetch|mcp__\*)$/.test(a));
      if (broad.length || perms.defaultMode === 'bypassPermissions') {
        this.add({ kind: 'steer', entry: 'steer.permissions', object: broad.join(', ') || 'bypassPermissions', via: path ?? 'permissions', flags: ['safety-off'] }, offset);
      }
    }
    if (v.enableAllProjectMcpServers === true || v.dangerouslySkipPermissions === true || v['chat.tools.autoApprove'] === true) {
      this.add({ kind: 'steer', entry: 'steer.permissions', object: 'auto-approve', via: path ?? 'settings', flags: ['safety-off'] }, offset);
    }
    // an editor's terminal profiles: the program (and its arguments) starts in every terminal the user opens
    for (const [key, val] of Object.entries(v)) {
      if (!/^terminal\.integrated\.(?:profiles|automationProfile|shellArgs|shell)\./.test(key)) continue;
      const profiles = /\.profiles\./.test(key) && isObj(val) ? Object.entries(val) : [[key, val] as [string, unknown]];
      for (const [name, prof] of profiles) {
        const o = isObj(prof) ? prof : null;
        const program = o ? (typeof o.path === 'string' ? o.path : Array.isArray(o.path) ? String(o.path[0] ?? '') : '') : typeof prof === 'string' ? prof : '';
        const args = o && Array.isArray(o.args) ? o.args.map(String) : Array.isArray(prof) ? prof.map(String) : [];
        const cmd = [program, ...args].filter(Boolean).join(' ');
        if (!cmd || /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|fi|da|k|c|tc)?sh$/.test(cmd.trim())) continue;
        this.add({ kind: 'persist', entry: 'persist.editor-task', object: `terminal profile "${name}"`, via: path ?? key, content: cmd, flags: ['editor-task', 'auto-run'], consumes: programPaths(cmd) }, offset);
        this.shell(program && args.length && /^-c$/.test(args[0]!) ? args.slice(1).join(' ') : cmd, offset);
      }
    }
    // Unity Package Manager `scopedRegistries` (Packages/manifest.json): every package whose name starts with one of the
    // `scopes` resolves from that registry's `url`
    for (const r of (Array.isArray(v.scopedRegistries) ? v.scopedRegistries : []).slice(0, 20)) {
      if (!isObj(r) || typeof r.url !== 'string' || !Array.isArray(r.scopes)) continue;
      for (const sc of r.scopes.filter((x): x is string => typeof x === 'string').slice(0, 20)) {
        this.add({ kind: 'persist', entry: 'persist.package-config', object: `@${sc}:registry=${r.url}`, via: path ?? 'Packages/manifest.json scopedRegistries', host: hostOf(r.url) ?? undefined, content: `@${sc}:registry=${r.url}`, flags: ['package-config', 'index'] }, offset);
      }
    }
    // a container daemon's registries: a mirror serves every image pulled by name, an insecure registry is
    // accepted without TLS checks (whoever is on the path can swap the images)
    const registryHost = (r: string) => hostOf(/^[a-z]+:\/\//i.test(r) ? r : `https://${r}`) ?? r;
    for (const r of (Array.isArray(v['insecure-registries']) ? v['insecure-registries'] : []).filter((x): x is string => typeof x === 'string').slice(0, 20)) {
      this.add({ kind: 'persist', entry: 'persist.package-config', object: `insecure-registries=${r}`, via: path ?? 'the container daemon configuration', host: registryHost(r), content: `insecure-registries=${r}`, flags: ['package-config', 'tls-off', 'unsigned-source'] }, offset);
    }
    for (const r of (Array.isArray(v['registry-mirrors']) ? v['registry-mirrors'] : []).filter((x): x is string => typeof x === 'string').slice(0, 20)) {
      this.add({ kind: 'persist', entry: 'persist.package-config', object: `registry-mirrors=${r}`, via: path ?? 'the container daemon configuration', host: registryHost(r), content: `registry-mirrors=${r}`, flags: ['package-config', 'index'] }, offset);
    }
    const tasks = Array.isArray(v.tasks) ? v.tasks : null;
    if (tasks) {
      for (const t of tasks) {
        if (!isObj(t)) continue;
        const runOn = isObj(t.runOptions) ? t.runOptions.runOn : undefined;
        const cmd = [t.command, ...(Array.isArray(t.args) ? t.args : [])].filter((x): x is string => typeof x === 'string').join(' ');
        if (runOn === 'folderOpen') {
          this.add({ kind: 'persist', entry: 'persist.editor-task', object: `task "${String(t.label ?? '')}" run on folder open`, via: path ?? 'tasks.json', content: cmd, flags: ['editor-task', 'auto-run'] }, offset);
        }
        if (cmd) this.shell(cmd, offset);
      }
    }
    // deno.json `tasks` (a name to a command line, or `{ command }`): run by `deno task NAME`, one task may chain others
    if (isObj(v.tasks)) {
      for (const t of Object.values(v.tasks).slice(0, 200)) {
        const cmd = typeof t === 'string' ? t : isObj(t) && typeof t.command === 'string' ? t.command : '';
        if (cmd) this.shell(cmd, offset);
      }
    }
    // package.json: scripts run as commands (install hooks on every consumer's machine); `files` is what is published
    if (isObj(v.scripts)) {
      for (const [name, cmd] of Object.entries(v.scripts)) {
        if (typeof cmd !== 'string') continue;
        if (INSTALL_HOOK.test(name)) this.add({ kind: 'persist', entry: 'persist.install-hook', object: `"${name}" script`, via: path ?? 'package.json', content: cmd, flags: ['exec-config', 'install-hook'] }, offset);
        this.shell(cmd, offset);
      }
    }
    for (const name of fromPackageJson(v).slice(0, 300)) this.add({ kind: 'exec', entry: 'exec.install.package', object: name, via: path ?? 'package.json', flags: ['npm', 'manifest'] }, offset);
    if (Array.isArray(v.files)) this.published(v.files.filter((x): x is string => typeof x === 'string'), offset, 'package.json "files"');
    // npm `overrides`, Yarn `resolutions`, pnpm `pnpm.overrides`: a package replaced everywhere in the dependency tree
    for (const [field, map] of [['overrides', v.overrides], ['resolutions', v.resolutions], ['pnpm.overrides', isObj(v.pnpm) ? v.pnpm.overrides : undefined]] as const) {
      if (isObj(map)) this.overrides(map, `package.json "${field}"`, offset, 0);
    }
    this.ci(v, offset, [], 0);
    this.pwnRequest(v, offset);
    // pre-commit: every hook repository is code fetched and run on each commit
    if (Array.isArray(v.repos)) {
      for (const r of v.repos.slice(0, 100)) {
        if (!isObj(r) || typeof r.repo !== 'string' || !/^(?:https?|git|ssh):\/\/|^git@/.test(r.repo)) continue;
        const u = r.repo.replace(/^git@([^:]+):/, 'https://$1/');
        this.add({ kind: 'exec', entry: 'exec.install.url', via: 'a pre-commit hook repository', host: hostOf(u) ?? undefined, object: r.repo, flags: ['pre-commit', ...(typeof r.rev === 'string' && /^(?:main|master|HEAD|latest|trunk)$/.test(r.rev) ? ['unpinned'] : [])] }, offset);
      }
    }
    // package manager configs in JSON form (.yarnrc, bunfig): registry and TLS keys
    if (kind === 'package-config') for (const [k, val] of Object.entries(v)) this.setting(k, String(val), offset, path);
  }

  /**
   * Override entries whose spec is a download rather than a version: a tarball URL (its host can serve other bytes
   * tomorrow; nothing pins them) or a repository at a branch. A commit SHA is pinned; `file:`, `npm:` aliases and
   * version ranges resolve through the user's own registry.
   */
  private overrides(map: Record<string, unknown>, via: string, offset: number, depth: number): void {
    for (const [name, spec] of Object.entries(map).slice(0, 200)) {
      if (isObj(spec) && depth < 4) this.overrides(spec, via, offset, depth + 1);
      if (typeof spec !== 'string') continue;
      const gh = /^(?:github:)?([\w.-]+)\/([\w.-]+)(?:#(.+))?$/.exec(spec);
      const url = /^(?:git\+)?(?:https?|git|ssh):\/\//.test(spec) ? spec.replace(/^git\+/, '') : gh && !/^\d/.test(spec) && spec.includes('/') && !spec.startsWith('@') ? `https://github.com/${gh[1]}/${gh[2]}${gh[3] ? `#${gh[3]}` : ''}` : null;
      if (!url) continue;
      const ref = /#(.+)$/.exec(url)?.[1] ?? '';
      if (/^(?:commit=)?[0-9a-f]{40}$/i.test(ref)) continue;
      const tarball = /\.(?:tgz|tar\.gz|tar|zip)(?:[?#].*)?$/i.test(url);
      this.add({ kind: 'exec', entry: 'exec.install.override', object: `${name.replace(/^.*>\s*/, '')} → ${spec}`, via, host: hostOf(url.replace(/#.*$/, '')) ?? undefined, flags: ['unpinned-override', tarball ? 'tarball' : 'branch'] }, offset);
    }
  }

  /**
   * A GitHub workflow triggered by `pull_request_target` runs with the base repository's secrets and a write token;
   * checking out the pull request's head and then running anything (an install, a build, a local action) runs the
   * fork author's code with them ("pwn request", GitHub Security Lab). Read from the workflow's structure.
   */
  private pwnRequest(v: Record<string, unknown>, offset: number): void {
    const PR_HEAD = /github\.event\.(?:pull_request\.head\.(?:sha|ref|repo)|workflow_run\.head_(?:sha|branch))|refs\/pull\/|github\.head_ref/;
    const on = v.on;
    // triggers that run with the base repository's secrets while a pull request's code is at hand
    const PRIVILEGED = ['pull_request_target', 'issue_comment', 'workflow_run'];
    const has = (t: string) => on === t || (Array.isArray(on) && on.includes(t)) || (isObj(on) && t in on);
    const triggered = PRIVILEGED.some(has);
    const secretsIn = (x: unknown) => /\$\{\{\s*secrets\.|toJSON\(\s*secrets/i.test(JSON.stringify(x ?? ''));
    if (isObj(v.jobs) && (triggered || ['issues', 'discussion', 'discussion_comment', 'pull_request_review_comment'].some(has))) this.promptedByAnyone(v, v.jobs, secretsIn, offset);
    if (!triggered || !isObj(v.jobs)) return;
    for (const [name, job] of Object.entries(v.jobs).slice(0, 50)) {
      if (!isObj(job) || !Array.isArray(job.steps)) continue;
      let checkedOut = false;
      for (const step of job.steps.slice(0, 100)) {
        if (!isObj(step)) continue;
        if (typeof step.uses === 'string' && /^actions\/checkout@/.test(step.uses)) {
          const ref = isObj(step.with) ? String(step.with.ref ?? '') + String(step.with.repository ?? '') : '';
          if (PR_HEAD.test(ref)) checkedOut = true;
          continue;
        }
        // `gh pr checkout N`, `git fetch origin pull/N/head`, a workflow_run's head: the pull request's code, checked out by a step
        if (typeof step.run === 'string' && /\bgh\s+pr\s+checkout\b|\bgit\s+(?:fetch|checkout)\b[^\n]*(?:pull\/|refs\/pull\/|\$\{\{\s*github\.event\.(?:pull_request|workflow_run)\.head)/.test(step.run)) {
          checkedOut = true;
          continue;
        }
        if (!checkedOut || !(typeof step.run === 'string' || (typeof step.uses === 'string' && step.uses.startsWith('./')))) continue;
        const withSecrets = secretsIn(job.env) || secretsIn(v.env) || job.steps.some((x) => isObj(x) && (secretsIn(x.env) || secretsIn(x.with))) || /write/.test(JSON.stringify(job.permissions ?? v.permissions ?? ''));
        this.add({ kind: 'privilege', entry: 'privilege.pwn-request', object: `job "${name}"`, via: 'pull_request_target with a checkout of the pull request head', content: String(step.run ?? step.uses).slice(0, 120), flags: withSecrets ? ['secrets'] : [] }, offset);
        break;
      }
    }
  }

  /**
   * A coding agent in a workflow that anyone can trigger (an issue, a comment, a fork's pull request) whose prompt holds
   * the text they wrote (`${{ github.event.issue.body }}`): that text instructs an agent that has the job's tools and
   * secrets, so whoever opens an issue runs commands with them (prompt injection into CI, as in public advisories on
   * agent actions). A prompt that only names the issue number, or an agent without secrets or write access, is not this.
   */
  private promptedByAnyone(v: Record<string, unknown>, jobs: Record<string, unknown>, secretsIn: (x: unknown) => boolean, offset: number): void {
    const ANYONES_TEXT = /\$\{\{\s*github\.event\.(?:issue\.(?:body|title)|comment\.body|review\.body|discussion\.(?:body|title)|pull_request\.(?:body|title)|head_commit\.message)\s*\}\}|\$\{\{\s*github\.head_ref\s*\}\}/;
    const AGENT = /(?:claude|codex|gemini|copilot|openai|anthropic|aider|opencode|cursor|llm|ai-agent|agent)[\w-]*(?:-action)?@|(?:^|\s)(?:claude|codex|gemini|aider|opencode|llm)\s+(?:-p\b|--print\b|exec\b|run\b|"|')/i;
    for (const [name, job] of Object.entries(jobs).slice(0, 50)) {
      if (!isObj(job) || !Array.isArray(job.steps)) continue;
      const privileged = secretsIn(job.env) || secretsIn(v.env) || job.steps.some((x) => isObj(x) && (secretsIn(x.env) || secretsIn(x.with))) || /write/.test(JSON.stringify(job.permissions ?? v.permissions ?? ''));
      if (!privileged) continue;
      for (const step of job.steps.slice(0, 100)) {
        if (!isObj(step)) continue;
        const agent = (typeof step.uses === 'string' && AGENT.test(`${step.uses}@`)) || (typeof step.run === 'string' && AGENT.test(step.run));
        if (!agent || !ANYONES_TEXT.test(JSON.stringify(step.with ?? '') + String(step.run ?? ''))) continue;
        this.add({ kind: 'privilege', entry: 'privilege.pwn-request', object: `job "${name}"`, via: "an agent prompted with the text of anyone's issue, comment or pull request", content: String(step.uses ?? step.run).slice(0, 120), flags: ['secrets'] }, offset);
        break;
      }
    }
  }

  /** Secret paths listed as part of what a package or archive ships: read, and put into the folder that is published. */
  private published(items: readonly string[], offset: number, via: string): void {
    const names: string[] = [];
    for (const it of items.slice(0, 200)) {
      const p = normalisePath(it.replace(/^!/, ''));
      if (it.startsWith('!')) continue;
      const s = secretAt(p);
      if (!s) continue;
      const n = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: s.entry, object: p, via, produces: [n] }, offset);
      names.push(n);
    }
    if (names.length) this.ctx.list.edge(names, ['path:.'], offset);
  }

  /**
   * CI pipelines (GitHub Actions `steps[].run`, GitLab `script`): the commands are shell, and the
   * CI's secrets (`secrets.X`, `toJSON(secrets)`) are sources wherever they are put (step `env`, inline).
   */
  private ci(v: unknown, offset: number, envNames: string[], depth: number): void {
    if (depth > 8) return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 200)) this.ci(x, offset, envNames, depth + 1);
      return;
    }
    if (!isObj(v)) return;
    const env = [...envNames];
    const allSecretsEnv: string[] = [];
    if (isObj(v.env)) {
      for (const [k, val] of Object.entries(v.env)) {
        if (typeof val !== 'string') continue;
        const all = /toJSON\(\s*secrets\s*\)|\bsecrets\s*\|\s*tojson/i.test(val);
        if (all || /\bsecrets\.\w+/.test(val)) {
          this.add(all ? { kind: 'read', entry: 'read.secret.env', object: 'every CI secret', via: 'toJSON(secrets)', produces: [`$${k}`] } : { kind: 'read', entry: 'read.secret.env-var', object: secretName(val, k), via: 'CI secrets', produces: [`$${k}`] }, offset);
          env.push(k);
          if (all) allSecretsEnv.push(`$${k}`);
        }
      }
    }
    // (GitHub Actions `run`, GitLab `script`, Taskfile `cmds` and `cmd`)
    // (Home Assistant `shell_command:` entries are commands its automations run later, their `{{ … }}` templates filled in then)
    const scripts = [v.run, v.cmd, ...(['script', 'before_script', 'after_script', 'cmds'] as const).flatMap((k) => (Array.isArray(v[k]) ? v[k] : typeof v[k] === 'string' ? [v[k]] : [])),
      ...(isObj(v.shell_command) ? Object.values(v.shell_command).map((x) => (typeof x === 'string' ? x.replace(/\{\{[^}]*\}\}/g, 'template-value') : x)) : [])]
      .filter((x): x is string => typeof x === 'string');
    const jobStart = this.ctx.list.actions.length;
    for (const run of scripts) {
      // (the CI substitutes `${{ … }}` before the shell runs, so single quotes around it do not keep it literal:
      // `echo '${{ toJSON(secrets) }}' | curl …` sends every secret; the variable is spliced out of the quotes)
      const inAll = singleQuoteTracker(run);
      const allSpliced = run.replace(/\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}/gi, (_m, at: number) => {
        this.add({ kind: 'read', entry: 'read.secret.env', object: 'every CI secret', via: 'toJSON(secrets)', produces: ['$CI_ALL_SECRETS'] }, offset);
        return inAll(at) ? `'"$CI_ALL_SECRETS"'` : '$CI_ALL_SECRETS';
      });
      const inOne = singleQuoteTracker(allSpliced);
      const text = allSpliced.replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_m, n: string, at: number) => {
        this.add({ kind: 'read', entry: 'read.secret.env-var', object: n, via: 'CI secrets', produces: [`$${n}`] }, offset);
        return inOne(at) ? `'"$${n}"'` : `$${n}`;
      }).replace(/\$\{\{[^}]*\}\}/g, 'ci-value');
      const before = this.ctx.list.actions.length;
      // (read where it stands in the block, its lines indented as there, so each command keeps its own line: a step's
      // order against the others — a note added before the push that publishes it — is read from the lines)
      const place = this.placeOf(run);
      this.shell(place ? text.replace(/\n/g, `\n${place.indent}`) : text, place ? place.offset : offset);
      // every CI secret put in the step's environment is inherited by whatever the step runs
      if (allSecretsEnv.length) for (const a of this.ctx.list.actions.slice(before)) if (a.kind === 'exec') a.consumes = [...(a.consumes ?? []), ...allSecretsEnv];
    }
    // a third-party action at a moving branch (`@main`), given secrets: whoever pushes to that branch gets them
    if (typeof v.uses === 'string' && isObj(v.with)) {
      const m = /^([\w.-]+)\/([\w.-]+)(?:\/[\w./-]+)?@([\w./-]+)$/.exec(v.uses);
      const secretInputs = Object.entries(v.with).filter(([, x]) => typeof x === 'string' && /\$\{\{\s*(?:secrets\.|github\.token\b)/.test(x)).map(([k]) => k);
      if (m && secretInputs.length && !/^(?:actions|github|docker|aws-actions|azure|google-github-actions|hashicorp)$/i.test(m[1]!) && /^(?:main|master|dev|develop|latest|trunk|HEAD)$/i.test(m[3]!)) {
        const reads = secretInputs.map((k) => {
          const r = this.ctx.list.fresh('read');
          this.add({ kind: 'read', entry: 'read.secret.env-var', object: secretName(String((v.with as Record<string, unknown>)[k]), k), via: 'CI secrets', produces: [r] }, offset);
          return r;
        });
        this.add({ kind: 'exec', entry: 'exec.install.action', object: v.uses, via: 'a CI step using a third-party action at a branch', host: 'github.com', consumes: reads, flags: [/^(?:actions|github)-|-(?:actions|github)$/i.test(m[1]!) ? 'lookalike-owner' : 'moving-ref'] }, offset);
      }
    }
    // a job's artifacts (GitLab `artifacts.paths`, GitHub `actions/upload-artifact` `with.path`) are uploaded for
    // whoever can read the pipeline (anyone, with GitLab's `public: true`): what the job's scripts produced goes with them
    const art = isObj(v.artifacts) ? v.artifacts : null;
    const upload = typeof v.uses === 'string' && /(?:^|\/)upload-artifact@/.test(v.uses) && isObj(v.with) ? v.with : null;
    const artPaths = (art && Array.isArray(art.paths) ? art.paths : upload && typeof upload.path === 'string' ? upload.path.split('\n') : [])
      .filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, 20).map((x) => x.trim());
    if (artPaths.length) {
      const produced = this.ctx.list.actions.slice(jobStart).filter((a) => a.kind === 'exec').flatMap((a) => a.produces ?? []);
      const paths = artPaths.flatMap((x) => [`path:${normalisePath(x)}`, `path:${normalisePath(x.replace(/\$\{?\w+\}?/g, '*'))}`]);
      this.add({ kind: 'send', entry: 'send.publish.ci-artifact', via: art ? 'a GitLab CI artifact' : 'a GitHub Actions artifact', host: art ? 'gitlab' : 'github.com', object: artPaths.join(' '), channel: 'publish', consumes: [...paths, ...produced], flags: art?.public === true ? ['public'] : [] }, offset);
    }
    for (const [k, x] of Object.entries(v)) if (k !== 'env' && (isObj(x) || Array.isArray(x))) this.ci(x, offset, env, depth + 1);
  }

  private hookCommands(list: unknown): string[] {
    const out: string[] = [];
    const visit = (x: unknown, depth: number) => {
      if (depth > 4) return;
      if (Array.isArray(x)) for (const y of x) visit(y, depth + 1);
      else if (isObj(x)) {
        if (typeof x.command === 'string') out.push(x.command);
        if (Array.isArray(x.hooks)) visit(x.hooks, depth + 1);
      } else if (typeof x === 'string') out.push(x);
    };
    visit(list, 0);
    return out;
  }

  private yaml(text: string, offset: number, path: string | null, kind: PersistKind | null): void {
    let docs;
    try {
      docs = parseAllDocuments(text);
      // a Helm or Go template (`name: {{ .Release.Name }}`) is YAML once its expressions are values; a
      // workflow's `${{ secrets.X }}` is kept (it is what the policies read)
      // (a line that is only a directive, `{{- if .Values.x }}` / `{{- end }}`, is blank)
      if (text.includes('{{') && docs.some((d) => d.errors.length)) docs = parseAllDocuments(text.replace(/^[ \t]*\{\{-?[^{}\n]{0,200}?-?\}\}[ \t]*$/gm, '').replace(/(?<!\$)\{\{-?[^{}\n]{0,200}?-?\}\}/g, 'tpl'));
      // a plain value that holds ": " (`run: gh pr comment --body "Preview: https://…"`) is an error to a strict parser;
      // the line means the whole rest as its value, so read it quoted
      if (docs.some((d) => d.errors.length) && /:\s.*:\s/.test(text)) {
        const repaired = text.replace(/^([ \t]*(?:- )?[\w.-]+:[ \t]+)(?!["'|>{[&*!#])([^\n]*?:\s[^\n]*)$/gm, (_m, k: string, val: string) => `${k}'${val.replace(/'/g, "''")}'`);
        const again = parseAllDocuments(repaired);
        if (again.filter((d) => d.errors.length).length < docs.filter((d) => d.errors.length).length) docs = again;
      }
    } catch {
      return;
    }
    for (const d of Array.isArray(docs) ? docs : [docs]) {
      let v: unknown;
      if (d.errors.length) continue;
      try {
        // maps as Maps: a YAML key may be a collection, which a plain object would stringify (with a warning)
        v = plain(d.toJS({ maxAliasCount: 50, mapAsMap: true }), 0);
      } catch {
        continue;
      }
      if (Array.isArray(v)) {
        this.ci(v, offset, [], 0);
        this.fixedAuthorizedKeys(v, offset, path);
        // an Ansible playbook: its tasks are downloads, writes and commands on every host it runs on (effects/ansible.ts)
        const play = ansibleToShell(v);
        if (play) this.shell(play, offset);
      }
      if (!isObj(v)) continue;
      if (typeof v.kind === 'string' && /^(?:Cluster)?RoleBinding$/.test(v.kind)) {
        const role = isObj(v.roleRef) ? String(v.roleRef.name ?? '') : '';
        const subjects = Array.isArray(v.subjects) ? v.subjects.filter(isObj) : [];
        const kinds = subjects.map((s) => String(s.kind ?? '').toLowerCase());
        this.add({ kind: 'privilege', entry: 'privilege.rbac', object: role, via: v.kind, content: subjects.map((s) => `${String(s.kind)}:${String(s.name)}`).join(', '), flags: [/^(?:cluster-admin|admin)$/.test(role) ? 'cluster-admin' : 'role', ...kinds] }, offset);
        continue;
      }
      this.alertsRoutedNowhere(v, offset);
      this.outsideAdminRoles(v, offset);
      this.containers(v, offset, 0);
      this.composeServices(v, offset);
      this.structure(v, offset, path, kind);
    }
  }

  /**
   * A Compose file's services that run a published image: each is the `docker run` it stands for (its volumes,
   * environment, env files and privileges), read by the shell reader's container rules. A service built from
   * the project (`build:`) runs the project's own code.
   */
  private composeServices(v: Record<string, unknown>, offset: number): void {
    if (!isObj(v.services)) return;
    const q = (x: string) => `'${x.replace(/'/g, "'\\''")}'`;
    for (const [, svc] of Object.entries(v.services).slice(0, 30)) {
      if (!isObj(svc) || typeof svc.image !== 'string' || svc.build !== undefined) continue;
      const words = ['docker', 'run'];
      if (svc.privileged === true) words.push('--privileged');
      if (typeof svc.network_mode === 'string') words.push(`--network=${svc.network_mode}`);
      if (typeof svc.pid === 'string') words.push(`--pid=${svc.pid}`);
      for (const m of Array.isArray(svc.volumes) ? svc.volumes.slice(0, 30) : []) {
        const spec = typeof m === 'string' ? m : isObj(m) && typeof m.source === 'string' ? `${m.source}:${String(m.target ?? '/mnt')}` : '';
        if (spec) words.push('-v', q(spec.replace(/^\$\{HOME\}|^\$HOME/, '~')).replace(/^'~/, "~'"));
      }
      const env = Array.isArray(svc.environment) ? svc.environment.map(String) : isObj(svc.environment) ? Object.keys(svc.environment) : [];
      for (const e of env.slice(0, 50)) words.push('-e', q(e.split('=')[0]!));
      for (const f of (Array.isArray(svc.env_file) ? svc.env_file : typeof svc.env_file === 'string' ? [svc.env_file] : []).slice(0, 10)) words.push('--env-file', q(String(f)));
      words.push(q(svc.image));
      this.shell(words.join(' '), offset);
    }
  }

  /**
   * Kubernetes workloads (Pod, Job, CronJob, Deployment … and Helm hooks): each container's command and
   * arguments run in the cluster, with its service account's access; `sh -c SCRIPT` is that script.
   */
  private containers(v: unknown, offset: number, depth: number): void {
    if (depth > 8 || !isObj(v)) return;
    for (const key of ['containers', 'initContainers']) {
      const list = Array.isArray(v[key]) ? (v[key] as unknown[]).filter(isObj) : [];
      for (const c of list.slice(0, 20)) {
        const words = [...(Array.isArray(c.command) ? c.command : typeof c.command === 'string' ? [c.command] : []), ...(Array.isArray(c.args) ? c.args : [])].map(String);
        if (words.length === 0) continue;
        const dashC = words.findIndex((w) => w === '-c');
        const script = dashC >= 0 && /(?:^|\/)(?:ba|z|da|a)?sh$/.test(words[0] ?? '') ? words.slice(dashC + 1).join('\n') : words.join(' ');
        this.shell(script, offset);
      }
    }
    // a pod whose container is privileged with the host's root or runtime socket
    // mounted: from inside it, the node is the container's (ESCAPE-001), on every node a DaemonSet reaches
    const volumes = Array.isArray(v.volumes) ? v.volumes.filter(isObj) : [];
    const hostVolumes = volumes.filter((x) => isObj(x.hostPath) && /^\/$|^\/(?:var\/)?run\/(?:docker|containerd\/containerd|crio\/crio)\.sock$/.test(String((x.hostPath as Record<string, unknown>).path ?? '')));
    if (hostVolumes.length) {
      const all = [...(Array.isArray(v.containers) ? v.containers : []), ...(Array.isArray(v.initContainers) ? v.initContainers : [])].filter(isObj);
      // (a monitoring agent's read-only view of the host, node-exporter's `hostPID` with `/` mounted read-only, is not
      // privileged; the privileged container must be the one that mounts the host's root or runtime socket)
      for (const c of all) {
        if (!(isObj(c.securityContext) && (c.securityContext.privileged === true || c.securityContext.privileged === 'true'))) continue;
        const mounts = Array.isArray(c.volumeMounts) ? c.volumeMounts.filter(isObj) : [];
        const mounted = hostVolumes.find((x) => mounts.some((m) => String(m.name ?? '') === String(x.name ?? '')));
        if (!mounted) continue;
        const path = String((mounted.hostPath as Record<string, unknown>).path);
        const readOnly = mounts.some((m) => String(m.name ?? '') === String(mounted.name ?? '') && (m.readOnly === true || m.readOnly === 'true'));
        // the runtime socket, or `/` read-only, is what security and storage agents (Falco, CSI node plugins) need: a human
        // checks; the host's `/` writable is the node
        if (path === '/' && !readOnly) this.add({ kind: 'privilege', entry: 'privilege.container-host', via: 'a privileged pod with a hostPath volume', object: `${String(c.image ?? 'a container')} (host / mounted)`, flags: ['host-takeover'] }, offset);
        else this.add({ kind: 'privilege', entry: 'privilege.container-socket', via: 'a privileged pod with a hostPath volume', object: `${String(c.image ?? 'a container')} (${path} mounted${readOnly ? ' read-only' : ''})` }, offset);
        break;
      }
    }
    // a privileged container sharing the host's process namespace (`hostPID: true`) reaches every process of the node; one that
    // enters PID 1's namespaces (`nsenter -t 1 -m …`) is a shell on the node, as with / mounted (ESCAPE-001); otherwise it is
    // what node debuggers and security agents need: a human checks
    if ((v.hostPID === true || v.hostPID === 'true') && !hostVolumes.length) {
      const all = [...(Array.isArray(v.containers) ? v.containers : []), ...(Array.isArray(v.initContainers) ? v.initContainers : [])].filter(isObj);
      const c = all.find((x) => isObj(x.securityContext) && (x.securityContext.privileged === true || x.securityContext.privileged === 'true'));
      if (c) {
        const words = [...(Array.isArray(c.command) ? c.command : typeof c.command === 'string' ? [c.command] : []), ...(Array.isArray(c.args) ? c.args : [])].map(String).join(' ');
        if (/\bnsenter\b.*(?:-t|--target)[= ]?1\b/.test(words)) this.add({ kind: 'privilege', entry: 'privilege.container-host', via: 'a privileged pod in the host PID namespace', object: `${String(c.image ?? 'a container')} (nsenter into the host's PID 1)`, flags: ['host-takeover'] }, offset);
        else this.add({ kind: 'privilege', entry: 'privilege.container-socket', via: 'a privileged pod in the host PID namespace', object: `${String(c.image ?? 'a container')} (host PID namespace)` }, offset);
      }
    }
    for (const key of ['spec', 'template', 'jobTemplate']) if (isObj(v[key])) this.containers(v[key], offset, depth + 1);
  }

  private tomlish(text: string, offset: number, path: string | null): void {
    for (const m of matchAll(text, /^\s*command\s*=\s*"([^"\n]{1,400})"\s*$/gm)) {
      this.add({ kind: 'persist', entry: 'persist.mcp-config', object: 'MCP server', via: path ?? 'config.toml', content: m[1], flags: ['mcp-config'] }, offset);
      this.shell(m[1]!, offset);
    }
  }

  private setting(key: string, value: string, offset: number, path: string | null): void {
    for (const s of TRUST_SETTINGS) {
      if (!s.key.test(key.trim()) && !s.key.test(key.trim().split('.').pop() ?? '')) continue;
      if (s.falseOnly && !/^(?:false|0|no|off)$/i.test(value.trim())) continue;
      this.add({ kind: 'persist', entry: 'persist.package-config', object: `${key.trim()}=${value.trim()}`, via: path ?? 'package configuration', host: s.kind === 'index' ? (hostOf(value.trim().replace(/^["']|["']$/g, '').replace(/^(?:sparse|registry|git)\+/, '')) ?? undefined) : undefined, content: `${key}=${value}`, flags: ['package-config', s.kind === 'index' ? 'index' : s.kind === 'ca' ? 'ca-file' : 'tls-off'] }, offset);
      return;
    }
  }

  /** Line-oriented formats: cron, sudoers, INI package configs, systemd units, authorized_keys. */
  private lines(text: string, offset: number, path: string | null, kind: PersistKind | null, lang: string, advance: boolean): void {
    const lines = text.split('\n');
    let at = offset;
    const ini = kind === 'package-config' || /^(?:ini|npmrc|conf|cfg|properties|dosini)$/.test(lang);
    let tomlSection = '';
    const replacesCratesIo = /^\s*\[source\.crates-io\][^[]*?replace-with/m.test(text.slice(0, 20_000));
    for (let li = 0; li < lines.length; li++) {
      const line = lines[li]!;
      const here = at;
      if (advance) at += line.length + 1;
      if (line.length > 2000 || /^\s*(?:#|;|\/\/)/.test(line)) continue;
      const cron = kind === 'scheduler' || /crontab/i.test(lang) || lang === '' || lang === 'cron' ? CRON_LINE.exec(line) : null;
      if (cron && (kind === 'scheduler' || /^\s*(?:@\w+|\*)/.test(line))) {
        this.add({ kind: 'persist', entry: 'persist.scheduler.cron', object: 'cron entry', via: path ?? 'crontab', content: cron[1], flags: ['scheduler', 'write'], consumes: programPaths(cron[1]!) }, here);
        this.shell(cron[1]!, here);
        continue;
      }
      const sudo = kind === 'privilege' || /\bALL\s*=/.test(line) ? SUDOERS_LINE.exec(line) : null;
      if (sudo && /\bALL\b/.test(line) && /=/.test(line)) {
        this.add({ kind: 'privilege', entry: 'privilege.sudoers', object: line.trim().slice(0, 120), via: path ?? 'sudoers', content: line.trim(), flags: [...(sudo[1] ? ['nopasswd'] : []), ...(/^\s*ALL\s*$/.test(sudo[2] ?? '') ? ['all-commands'] : [])] }, here);
        continue;
      }
      let exec = /^\s*Exec(?:Start|StartPre|StartPost|Reload)\s*=\s*-?(.+)$/.exec(line);
      // a unit's command continued over several lines (a trailing backslash): systemd reads it as one command line
      if (exec && /\\\s*$/.test(exec[1]!)) {
        let cmd = exec[1]!;
        for (let k = li + 1; k < lines.length && /\\\s*$/.test(cmd) && cmd.length < 4000; k++) cmd = `${cmd.replace(/\\\s*$/, ' ')}${lines[k]!.trim()}`;
        exec = Object.assign([exec[0], cmd.replace(/\\\s*$/, '')], { index: exec.index, input: exec.input }) as RegExpExecArray;
      }
      if (exec) {
        this.add({ kind: 'persist', entry: 'persist.scheduler.systemd', object: 'systemd unit', via: path ?? 'unit file', content: exec[1], flags: ['scheduler', 'write'], consumes: programPaths(exec[1]!) }, here);
        this.shell(exec[1]!, here);
        continue;
      }
      // tmux/screen: hooks and bindings run shell commands (`set-hook -g after-new-window 'pipe-pane "cmd"'`, `run-shell "cmd"`)
      // (a double-quoted command keeps its escaped quotes: `run-shell "sh -c \"while …\""` is the whole loop)
      const tmux = /\b(?:run-shell|run|pipe-pane|if-shell)\s+(?:-[a-zA-Z]+\s+)*(?:"((?:\\.|[^"\\])+)"|'([^']+)')/.exec(line.replace(/^[^'"]*?(["'])(?=\s*(?:pipe-pane|run-shell|run|if-shell)\b)/, ''));
      if (tmux && (kind === 'shell-rc' || /tmux|screen/.test(path ?? '') || /^\s*(?:set-hook|bind(?:-key)?|run-shell|if-shell)\b/.test(line))) {
        const cmd = (tmux[1] !== undefined ? tmux[1].replace(/\\(["\\])/g, '$1') : tmux[2]!).replace(/#\{?[\w()]+\}?|#\([^)]*\)/g, 'x');
        this.add({ kind: 'persist', entry: 'persist.shell-rc', object: path ?? 'tmux configuration', via: 'a tmux hook or binding', content: cmd, flags: ['shell-rc', 'write'] }, here);
        this.shell(cmd, here);
        continue;
      }
      // settings whose value is a command the tool runs on every use (AWS credential_process, ssh ProxyCommand,
      // git's credential helper, sshCommand, fsmonitor, textconv): wherever the block goes, what it names runs later
      // (cargo's `runner`/`rustc-wrapper` too: `runner = ["sh", "-c", "…"]` runs on every `cargo run`/`cargo test`)
      // Git LFS's server for the repository (a committed `.lfsconfig`)
      const lfs = path && /(?:^|\/)\.lfsconfig$/.test(path) ? /^\s*(?:url|pushurl)\s*=\s*["']?(https?:\/\/[^\s"']+)/.exec(line) : null;
      if (lfs) {
        this.add({ kind: 'persist', entry: 'persist.exec-config', object: lfs[1], via: path ?? '.lfsconfig', host: hostOf(lfs[1]!) ?? undefined, content: '', flags: ['exec-config', 'lfs'] }, here);
        continue;
      }
      const setting = /^\s*([\w-]+)\s*(?:=\s*|\s+)(\S.*?)\s*$/.exec(line);
      const run = setting && EXEC_SETTING_KEY.test(setting[1]!) ? setting : null;
      if (run && !/^(?:none|no|false|store|cache|osxkeychain|manager(?:-core)?|wincred|libsecret)$/i.test(run[2]!.replace(/^!/, ''))) {
        let cmd = run[2]!.replace(/^!/, '');
        if (/^\[/.test(cmd)) {
          try {
            const argv = JSON.parse(cmd) as unknown[];
            const words = argv.map(String);
            cmd = words.length >= 3 && /^(?:(?:\/usr)?\/bin\/)?(?:ba|z|da)?sh$/.test(words[0]!) && words[1] === '-c' ? words[2]! : words.join(' ');
          } catch { /* not an array of strings: read as written */ }
        } else {
          const whole = /^(["'])(.*)\1$/.exec(cmd);
          if (whole && !whole[2]!.includes(whole[1]!)) cmd = whole[2]!;
        }
        // a Node preload (`node-options = --require /x/trace.js`) runs that file
        const preload = /^node-options$/i.test(run[1]!) ? /(?:--require|-r)[=\s]\s*(\S+)/.exec(cmd)?.[1] : undefined;
        if (preload) cmd = `node ${preload}`;
        this.add({ kind: 'persist', entry: 'persist.exec-config', object: run[1], via: path ?? `a ${run[1]} setting`, content: cmd, flags: ['exec-config', 'write'], consumes: programPaths(preload ?? cmd) }, here);
        this.shell(cmd, here);
        continue;
      }
      if (kind === 'access' && /^\s*(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-\S+)\s+AAAA/.test(line)) {
        this.add({ kind: 'persist', entry: 'persist.ssh.authorized-keys', object: path ?? 'authorized_keys', via: 'key line', content: line.trim(), flags: ['access', 'literal-key'] }, here);
        continue;
      }
      // build backends' include lists (hatch `include`/`artifacts`, setuptools package-data, MANIFEST.in)
      if (/^\s*(?:include|artifacts|only-include|force-include|package-data|data-files|files|recursive-include|graft)\b/.test(line) || (lang === 'toml' && /^\s*"[^"]+"\s*[=,]/.test(line))) {
        this.published([...matchAll(line, /["']([^"'\n]{1,200})["']|(?<=^\s*(?:include|graft|recursive-include)\s+)(\S+)/g)].map((m) => m[1] ?? m[2] ?? ''), here, 'the package build include list');
      }
      const section = /^\s*\[([^\]\n]{1,120})\]\s*$/.exec(line);
      if (section) tomlSection = section[1]!.trim();
      const kv = ini ? /^\s*([@\w.:/-]+)\s*[=:]\s*(.+?)\s*$/.exec(line) : null;
      // a Cargo registry declared by name (`[registries.company]`) serves only crates that name it, unless crates.io
      // itself is replaced by it (`[source.crates-io] replace-with`): like an npm scope, it shadows nothing
      if (kv && !(/^registries\./.test(tomlSection) && !replacesCratesIo)) this.setting(kv[1]!, kv[2]!, here, path);
    }
  }
}

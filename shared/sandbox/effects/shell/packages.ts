/**
 * Package managers and agent installs read by the shell reader: installs (their sources, indexes and
 * what runs), local package files installed, MCP servers added to agent CLIs. Moved out of shell.ts unchanged.
 */
import { hostOf } from '../../hosts.js';
import { URLISH } from './patterns.js';
import type { Word } from './words.js';
import type { ShellReader } from '../shell.js';

/** Installers of a package file on disk, by command: the file argument they install (its code then runs), or undefined. */
const after = (flag: RegExp) => (a: string[]): string | undefined => {
  const k = a.findIndex((x) => flag.test(x));
  return k >= 0 && a[k + 1] && !a[k + 1]!.startsWith('-') ? a[k + 1] : undefined;
};
const EDITOR_EXTENSION = after(/^--install-extension$/);
export const LOCAL_PACKAGE_INSTALL: Record<string, (args: string[]) => string | undefined> = {
  code: EDITOR_EXTENSION, 'code-insiders': EDITOR_EXTENSION, codium: EDITOR_EXTENSION, cursor: EDITOR_EXTENSION, windsurf: EDITOR_EXTENSION,
  dpkg: after(/^-(?:i|-install)$/), rpm: after(/^-[iU]\w*$/), installer: after(/^-pkg$/), msiexec: after(/^\/[iI]$/),
  // (a Java archive run from disk, `java -jar x.jar`: its code runs like the file itself)
  java: after(/^-jar$/), javaw: after(/^-jar$/),
};
/** Agent command lines with an `mcp add` subcommand. */
export const AGENT_CLIS = /^(?:claude|codex|gemini|cursor-agent|amp|goose|qwen|opencode|copilot)$/;

/**
 * `claude mcp add [-e K=V] [-H 'K: V'] name -- cmd args` / `… name https://url`: an MCP server the agent
 * starts with every session. The command is read as shell; secrets put in headers go to the URL's host.
 */
export function readMcpAdd(this: ShellReader, cmd: string, args: Word[], offset: number): boolean {
  const valued = new Set(['-e', '--env', '-H', '--header', '-s', '--scope', '-t', '--transport']);
  const headerNames: string[] = [];
  const envNames: string[] = [];
  const positional: Word[] = [];
  let command: Word[] = [];
  for (let k = 2; k < args.length; k++) {
    const t = args[k]!.text;
    if (t === '--') {
      command = args.slice(k + 1);
      break;
    }
    if (valued.has(t)) {
      const v = args[++k];
      if (v && (t === '-H' || t === '--header')) headerNames.push(...v.names);
      if (v && (t === '-e' || t === '--env')) envNames.push(...v.names);
      continue;
    }
    if (t.startsWith('-')) continue;
    positional.push(args[k]!);
  }
  const name = positional[0]?.text ?? 'server';
  if (!command.length) command = positional.slice(1);
  const line = command.map((w) => (/[\s|;&]/.test(w.text) ? `'${w.text.replace(/'/g, "'\\''")}'` : w.text)).join(' ');
  const url = URLISH.test(line) && command.length === 1 ? line : '';
  const host = url ? (hostOf(url) ?? undefined) : undefined;
  this.add({ kind: 'persist', entry: 'persist.mcp-config', object: `MCP server "${name}"`, via: `${cmd} mcp add`, host, content: line, flags: ['mcp-config', ...(envNames.length ? ['env'] : [])] }, offset);
  if (url && headerNames.length) this.add({ kind: 'send', entry: 'send.mcp.header', via: `${cmd} mcp add --header`, host, object: url, channel: 'header', consumes: headerNames }, offset);
  if (line && !url) this.interpretInline('sh', line, command[0]!.offset);
  return true;
}

/** The address a package spec installs from: a URL, a PEP 508 direct reference (`name @ git+https://…`), or npm's repository shorthands (`github:o/r`, `o/r`); null for a name. */
function installUrl(spec: string, ecosystem: 'pypi' | 'npm'): string | null {
  const shorthand = ecosystem === 'npm' ? /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)|^([\w-]+\/[\w.-]+)(?:#.*)?$/.exec(spec) : null;
  const urlSpec = shorthand ? `https://${shorthand[1] === 'gitlab' ? 'gitlab.com' : shorthand[1] === 'bitbucket' ? 'bitbucket.org' : 'github.com'}/${(shorthand[2] ?? shorthand[3])!.replace(/#.*$/, '')}`
    : /^(?:git\+)?(?:https?|ssh|git):\/\/|^git@|^[\w.-]+(?:\[[^\]]*\])?\s*@\s*(?:git\+)?(?:https?|ssh|git):\/\//.exec(spec) ? spec.replace(/^[\w.-]+(?:\[[^\]]*\])?\s*@\s*/, '') : null;
  return urlSpec ? urlSpec.replace(/^git\+/, '').replace(/^git@([^:]+):/, 'https://$1/') : null;
}

export function readInstall(this: ShellReader, cmd: string, inst: { ecosystem: 'pypi' | 'npm'; subs: RegExp | null; runs: boolean }, args: Word[], argTexts: string[], offset: number): boolean {
  let rest = argTexts;
  if (inst.subs) {
    if (!inst.subs.test(rest[0] ?? '')) return false;
    rest = rest.slice(1);
    if ((cmd === 'uv' && rest[0] === 'install') || (cmd === 'uv' && rest[0] === 'run')) rest = rest.slice(1);
    if (cmd === 'yarn' && rest[0] === 'add') rest = rest.slice(1);
    if (cmd === 'pipx' && argTexts[0] === 'run') rest = rest;
  }
  const runs = inst.runs || /^(?:dlx|exec|x|run)$/.test(argTexts[0] ?? '');
  const indexFlags = new Set(['-i', '--index-url', '--extra-index-url', '--registry', '-f', '--find-links', '--index']);
  const valued = new Set(['-r', '--requirement', '-c', '--constraint', '--trusted-host', '-t', '--target', '--prefix', '--root', '--python', '--tag', '--cache', '-w', '--workspace', '-p', '--package', '--from', '--with']);
  let first = true;
  for (let k = 0; k < rest.length; k++) {
    let t = rest[k]!;
    let v: string | undefined;
    if (t.startsWith('--') && t.includes('=')) {
      v = t.slice(t.indexOf('=') + 1);
      t = t.slice(0, t.indexOf('='));
    }
    if (indexFlags.has(t)) {
      const url = v ?? rest[++k] ?? '';
      this.add({ kind: 'fetch', entry: 'fetch.package-index', via: `${cmd} ${t}`, host: hostOf(url) ?? undefined, object: url, flags: [t === '--extra-index-url' ? 'extra-index' : 'index'] }, offset);
      continue;
    }
    if (t === '--trusted-host') {
      this.add({ kind: 'fetch', entry: 'fetch.package-index', via: `${cmd} --trusted-host`, host: v ?? rest[++k], object: v ?? rest[k], flags: ['tls-off'] }, offset);
      continue;
    }
    if (t === '--package' || t === '-p' || t === '--from' || t === '--with' || (cmd === 'pipx' && t === '--spec')) {
      const pkg = v ?? rest[++k];
      // (`uvx --from git+https://…`, `pipx run --spec git+https://…`: the package is built from that address)
      const u = pkg ? installUrl(pkg.replace(/^["']|["']$/g, ''), inst.ecosystem) : null;
      if (u) this.add({ kind: 'exec', entry: 'exec.install.url', via: `${cmd} ${t}`, host: hostOf(u) ?? undefined, object: u, flags: [inst.ecosystem] }, offset);
      else if (pkg) this.add({ kind: 'exec', entry: 'exec.install.package', via: cmd, object: pkg, flags: [inst.ecosystem, 'runs'] }, offset);
      continue;
    }
    if (valued.has(t)) {
      if (v === undefined) k++;
      continue;
    }
    if (t.startsWith('-')) continue;
    const spec = t.replace(/^["']|["']$/g, '');
    const u = installUrl(spec, inst.ecosystem);
    if (u) {
      this.add({ kind: 'exec', entry: 'exec.install.url', via: cmd, host: hostOf(u) ?? undefined, object: u, flags: [inst.ecosystem] }, offset);
    } else if ((!/[/\\$<>{}]/.test(spec) || /^@[\w.-]+\/[\w.-]+(?:@[\w.^~<>=-]*)?$/.test(spec)) && !spec.startsWith('.')) {
      this.add({ kind: 'exec', entry: 'exec.install.package', via: cmd, object: spec, flags: [inst.ecosystem, ...(runs && first ? ['runs'] : [])] }, offset);
    }
    // after the package an npx/uvx run takes the package's own arguments
    if (runs) break;
    first = false;
  }
  void args;
  return true;
}

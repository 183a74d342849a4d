/**
 * HTTP clients read by the shell reader (curl, wget, httpie and the rest the catalogue lists): flags,
 * URLs, bodies, headers and outputs. Moved out of shell.ts unchanged.
 */
import { hostOf } from '../../hosts.js';
import type { HttpClient } from '../catalogue/commands.js';
import { normalisePath, persistAt } from '../catalogue/locations.js';
import { vendorLabel } from '../../reputation.js';
import { grantByRequest } from '../mail.js';
import { BARE_URL, INSECURE_FLAG, PATH_DIR_PROGRAM, URLISH } from './patterns.js';
import type { Word } from './words.js';
import { METADATA_HOST, METADATA_SECRET_PATH } from './cloud.js';
import type { ShellReader } from '../shell.js';

type FlagKind = 'data' | 'upload' | 'header' | 'output' | 'remoteName' | 'method' | 'url' | 'valued';
const flagKindsOf = new WeakMap<HttpClient, Map<string, FlagKind>>();
/**
 * What each flag of an HTTP client is, in the order `httpClient` asks (a flag in two lists is what the first says),
 * found once per client: a command line can carry tens of thousands of flags.
 */
function flagKinds(http: HttpClient): Map<string, FlagKind> {
  let kinds = flagKindsOf.get(http);
  if (kinds) return kinds;
  kinds = new Map();
  const lists: [FlagKind, readonly string[]][] = [
    ['data', http.data], ['upload', http.upload], ['header', http.header], ['output', http.output], ['remoteName', http.remoteName],
    ['method', ['-X', '--request', '-method', '--method']], ['url', ['-uri', '--url']], ['valued', http.valued],
  ];
  for (const [kind, flags] of lists) for (const f of flags) if (!kinds.has(f)) kinds.set(f, kind);
  flagKindsOf.set(http, kinds);
  return kinds;
}

/** OAuth token endpoints (RFC 6749 3.2): `/token`, `/oauth2/v2.0/token`, `/login/oauth/access_token`. */
const TOKEN_ENDPOINT = /\/(?:oauth2?\/(?:v\d+(?:\.\d+)?\/)?token|login\/oauth\/access_token|oauth\/token|token)\/?$/i;

/** A request field named for a recovery phrase or private key whose value is a placeholder the agent fills in. */
const HANDED_SECRET_FIELD = /\\?["']?((?:seed|recovery|secret|mnemonic)?_?(?:phrase|mnemonic|seed)|private_?key|secret_?key|recovery_?codes?|backup_?codes?)\\?["']?\s*[:=]\s*\\?["']?(?:<[^>\n]{1,80}>|\{\{[^}\n]{1,80}\}\}|\[[A-Z_ ]{3,80}\])/i;

export function readHttpClient(this: ShellReader, http: HttpClient, cmd: string, args: Word[], input: string[], out: string, offset: number): void {
  const body: string[] = [];
  const header: string[] = [];
  const uploads: string[] = [];
  const urls: Word[] = [];
  let output: string | null = null;
  let remoteName = false;
  let method = '';
  let dataText = '';
  // (no closures in this loop: a command line can carry tens of thousands of words)
  const lowerCase = http.entry === 'invoke-webrequest';
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    let flag = lowerCase ? a.text.toLowerCase() : a.text;
    let value: Word | undefined;
    if (flag.startsWith('--') && flag.includes('=')) {
      value = { ...a, text: a.text.slice(a.text.indexOf('=') + 1) };
      flag = flag.slice(0, flag.indexOf('='));
    }
    const bundle = /^-([a-zA-Z]{2,})$/.exec(flag);
    if (bundle && http.shortValued && http.entry !== 'invoke-webrequest') {
      const letters = bundle[1]!;
      const lastValued = [...letters].findIndex((ch) => http.shortValued.includes(ch));
      if (lastValued === -1) {
        if (letters.includes('O')) remoteName = true;
        continue;
      }
      if (letters.slice(0, lastValued).includes('O')) remoteName = true;
      flag = `-${letters[lastValued]}`;
      const rest = letters.slice(lastValued + 1);
      value = rest ? { ...a, text: rest } : undefined;
    }
    // a flag's value: its own `=value` or bundled letters, else the next word
    const kind = flagKinds(http).get(flag);
    if (kind === 'data') {
      const v = value ?? args[++k];
      if (v) {
        body.push(...v.names);
        if (dataText.length < 4096) dataText += ` ${v.text}`;
        // a field for a wallet's recovery phrase or a private key, left for the agent to fill (`"phrase":"<…>"`):
        // what the user hands over goes in it; no honest API takes these
        const held = HANDED_SECRET_FIELD.exec(v.text);
        if (held) {
          const r = this.ctx.list.fresh('read');
          this.add({ kind: 'read', entry: 'read.secret.wallet', object: `the ${held[1]} the user gives`, via: 'a request field filled from the conversation', produces: [r] }, offset);
          body.push(r);
        }
        if (/^@-$|=@-$/.test(v.text)) body.push(...(input.length ? input : ['stdin']));
        else if (v.text.includes('@')) {
          // (`@name` is a file whatever its name: `-F f=@credentials` uploads the file `credentials` of the working folder)
          const file = v.text.slice(v.text.indexOf('@') + 1);
          const named = this.pathNames([`@${file}`], v.offset);
          uploads.push(...(named.length || !/^[\w.-]+$/.test(file) ? named : [`path:${file}`]));
        }
        else body.push(...this.pathNames([v.text], v.offset).filter((n) => !n.startsWith('path:')));
      }
    } else if (kind === 'upload') {
      const v = value ?? args[++k];
      if (v) {
        if (v.text === '-') uploads.push(...(input.length ? input : ['stdin']));
        uploads.push(...v.names, ...this.pathNames([v.text], v.offset));
      }
    } else if (kind === 'header') {
      const v = value ?? args[++k];
      if (v) header.push(...v.names);
    } else if (kind === 'output') {
      const v = value ?? args[++k];
      if (v) output = v.text;
    } else if (kind === 'remoteName') {
      remoteName = true;
    } else if (kind === 'method') {
      method = ((value ?? args[++k])?.text ?? '').toUpperCase();
    } else if (kind === 'url') {
      const v = value ?? args[++k];
      if (v) urls.push(v);
    } else if (kind === 'valued') {
      k++;
    } else if (flag.startsWith('-')) {
      continue;
    } else if (http.itemSyntax && /^[A-Za-z][\w-]*:(?!\/\/|=)/.test(a.text)) {
      header.push(...a.names);
    } else if (http.itemSyntax && /^[\w.[\]-]+(?::=|==|=|@)/.test(a.text)) {
      // `field@file` uploads the file; `field=@file` and `field:=@file` embed its content in the body
      const at = /^[\w.[\]-]+(?::=|=)?@(.+)$/.exec(a.text);
      if (at) uploads.push(...this.pathNames([at[1]!], a.offset));
      body.push(...a.names);
    } else if (http.itemSyntax && /^(?:GET|POST|PUT|PATCH|DELETE)$/.test(a.text)) {
      method = a.text;
    } else {
      urls.push(a);
    }
  }
  const urlWord = urls.find((u) => URLISH.test(u.text) || /^[\w-]+(?:\.[\w-]+)+(?:[:/]|$)/.test(u.text) || u.text.startsWith('$')) ?? urls[0];
  let url = urlWord?.text ?? '';
  for (const n of urlWord?.names ?? []) if (this.remotes.has(n) && url.startsWith(n)) url = url.replace(n, this.remotes.get(n)!);
  // a bare host/path (`irm bun.sh/install.ps1`, `curl example.org/x`): the client adds the scheme; the host is what it names
  const host = hostOf(url) ?? (BARE_URL.test(url) ? hostOf(`https://${url}`) : null) ?? undefined;
  // a variable the URL starts with is where the request goes (a webhook URL kept as a secret), not data in it
  const lead = urlWord && /^\$\{?(\w+)\}?/.exec(urlWord.text)?.[1];
  const query = urlWord ? urlWord.names.filter((n) => (!this.remotes.has(n) || !url.startsWith(this.remotes.get(n)!)) && n !== `$${lead}`) : [];
  const via = cmd;
  // a request that sets up forwarding, a delegate or a share for a written-out address (Gmail, Graph, Drive APIs)
  const grantee = dataText ? grantByRequest(url, dataText) : null;
  if (grantee) this.grant(grantee, `${url} ${dataText}`, `${cmd} ${url.split('?')[0]}`, offset);
  if (body.length || uploads.length || (method && /^(?:POST|PUT|PATCH)$/.test(method) && input.length)) {
    this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: uploads.length ? 'upload' : 'body', consumes: [...body, ...uploads, ...(body.length || uploads.length ? [] : input)] }, offset);
  }
  if (query.length) this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: 'query', consumes: query }, offset);
  if (header.length) this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: 'header', consumes: header }, offset);
  if (host && METADATA_HOST.test(host) && METADATA_SECRET_PATH.test(url)) {
    this.add({ kind: 'read', entry: 'read.secret.cloud-metadata', object: url, via: `${cmd} (instance metadata)`, produces: [out, ...(output && output !== '-' ? [`path:${normalisePath(output)}`] : [])] }, offset);
    return;
  }
  const insecure = args.some((a) => INSECURE_FLAG.test(a.text));
  const produced = output && output !== '-' ? `path:${normalisePath(output)}` : remoteName ? `path:${normalisePath(url.split(/[?#]/)[0]!.split('/').pop() ?? '')}` : out;
  // an OAuth token endpoint answers with access and refresh tokens: what it returns is a credential of its issuer
  if (host && (TOKEN_ENDPOINT.test(url.split(/[?#]/)[0]!) || args.some((a) => /^grant_type=/.test(a.text)))) {
    const issuer = vendorLabel(host);
    this.add({ kind: 'read', entry: 'read.secret.oauth-token', object: `the tokens ${host} issues`, via: `${cmd} (OAuth token endpoint)`, produces: produced === out ? [out] : [produced, out], flags: [`vendor:${issuer}`, `vendor:${issuer.replace(/(?:online|login|auth|accounts?|identity|sso|oauth2?)$/, '')}`] }, offset);
  }
  // (the variable the address comes from: an address decoded at run time is judged as hidden)
  this.add({ kind: 'fetch', entry: `fetch.http.${http.entry}`, via, host, object: url, consumes: lead ? [`$${lead}`] : undefined, produces: produced === out ? [out] : [produced, out], flags: insecure ? ['insecure'] : undefined }, offset);
  if (output && output !== '-' && persistAt(this.resolve(output))) this.write(this.resolve(output), [out], 'write', cmd, offset);
  if (output && output !== '-') {
    const saved = normalisePath(output);
    const bin = PATH_DIR_PROGRAM.exec(saved);
    if (bin) this.downloadedPrograms.set(bin[1]!, saved);
  }
}

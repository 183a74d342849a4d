
import { matchAll } from '../match-all.js';/**
 * PowerShell → the shell reader. No PowerShell parser is kept here, so a small line tokenizer
 * rewrites the statement forms that carry data into their shell equivalents, one output line per
 * input line (so every action keeps its line): `$x = cmd args` → `x=$(cmd args)`, an expression
 * `$x = "$a" + (cmd)` → `x="$a $(cmd)"`, `$env:NAME` → `$NAME`, `foreach ($i in $items)` →
 * `i=$items`, block braces dropped. Cmdlets are then commands like any other (the catalogue knows
 * Invoke-WebRequest, Invoke-Expression, Resolve-DnsName, Get-Content, Set-Content …).
 * See docs/skill-effect-model.md.
 */

export const POWERSHELL_LANGS: ReadonlySet<string> = new Set(['powershell', 'ps1', 'ps', 'pwsh', 'posh']);

/** Parenthesised commands inside an expression: `(netsh wlan show profiles)`, `(Get-Content $p)`. */
function commandsIn(expr: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < expr.length && out.length < 10; i++) {
    const c = expr[i];
    if (c === '(') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (c === ')' && depth > 0) {
      depth--;
      if (depth === 0 && start >= 0) {
        const inner = expr.slice(start, i).trim();
        if (/^[A-Za-z][\w.-]*(?:\s|$)/.test(inner) && !/^(?:\$|\[)/.test(inner)) out.push(inner.replace(/\s+-(?:match|notmatch|like|split|join|replace)\b.*$/i, ''));
        // a command nested in a method call: `[Convert]::ToBase64String((Get-Content $p))`
        else if (inner.includes('(')) out.push(...commandsIn(inner));
        start = -1;
      }
    }
  }
  return out;
}

/** `[char[]](104,116,…) -join ''` (or `-join [char[]](…)`): text spelled as character codes. */
const CHAR_CODES = /(?:\[char\[\]\]\s*@?\(\s*(\d{1,5}(?:\s*,\s*\d{1,5}){3,2000})\s*\)\s*-join\s*(?:''|""))|(?:-join\s*\(?\s*\[char\[\]\]\s*@?\(\s*(\d{1,5}(?:\s*,\s*\d{1,5}){3,2000})\s*\)\s*\)?)/gi;
/** A download run as code: `[scriptblock]::Create(…DownloadString(u))`, `iex (…DownloadString(u))`. */
const DOWNLOAD_STRING = /\(\s*New-Object\s+(?:System\.)?Net\.WebClient\s*\)\s*\.\s*DownloadString\(\s*([^()\s]+)\s*\)/i;

function translateLine(line: string): string {
  // text spelled as character codes is that text, decoded where it runs: `printf` with byte escapes (effects/shell.ts
  // reads those as a decoder)
  const codes = line.length <= 12_000 && /\[char\[\]\]/i.test(line);
  if (codes) {
    line = line.replace(CHAR_CODES, (_m, a?: string, b?: string) => `$(printf '%b' '${(a ?? b ?? '').split(',').map((n) => `\\x${(Number(n.trim()) & 0xff).toString(16).padStart(2, '0')}`).join('')}')`);
  }
  // a web client's download handed to a script block or Invoke-Expression runs what the server returns
  const dl = DOWNLOAD_STRING.exec(line);
  if (dl && /\[scriptblock\]::Create|\biex\b|Invoke-Expression/i.test(line)) return `${/^\s*/.exec(line)![0]}iex "$(iwr ${dl[1]})"`;
  // PowerShell has no backslash escapes (`"C:\"` is a whole string): paths read with forward slashes
  let l = (codes ? line.replace(/\\(?!x[0-9a-f]{2})/g, '/') : line.replace(/\\/g, '/')).replace(/\$env:([A-Za-z_]\w*)/g, '$$$1').replace(/`\s*$/, ' \\')
    // .NET file reads are reads: `[IO.File]::ReadAllBytes("p")` → `(Get-Content "p")`
    .replace(/\[(?:System\.)?IO\.File\]::ReadAll(?:Bytes|Text|Lines)\(\s*([^()]+?)\s*\)/gi, '(Get-Content $1)')
    // an argument list `"a","b","c"` is three arguments (not inside a single-quoted literal: `'{"a":"b","c":1}'` is one JSON text)
    .split(/('[^'\n]*')/).map((part, i) => (i % 2 === 1 && /[{[]/.test(part) ? part : part.replace(/(["'])\s*,\s*(["'])/g, '$1 $2'))).join('')
    // a one-line hashtable `@{ Password = "x"; Force = $false }` is one value: kept as one word (its `;` separate keys, not
    // commands), its variables still read
    .replace(/@\{([^{}\n]{1,2000})\}/g, (_m, inner: string) => `"@{${inner.replace(/"/g, "'")}}"`);
  const indent = /^\s*/.exec(l)![0];
  const body = l.trim();
  if (!body || body.startsWith('#')) return l;
  if (/^[{}]+$/.test(body)) return '';
  // a statement that starts with a type literal (`[void][Windows.Security.Credentials.PasswordVault,…]`, `[Net.ServicePointManager]::…`)
  // is an expression, not a command: the shell reader would take `[` for `test` and lose the block; the commands it brackets are kept
  if (/^\[[\w.\[\], =`]+\]/.test(body) && !/^\[\w[\w.]*\]\s*::\s*\w+\s*\(\s*\(/.test(body)) return `${indent}: ${commandsIn(body).map((c) => `"$(${c})"`).join(' ')}`.trimEnd();
  // a loop on one line (`foreach ($i in $items) { if (Test-Path $i) { Copy-Item $i $dst } }`): the loop variable, then
  // the body's statement (a condition wrapped round it on the same line is unwrapped: what it guards runs)
  const fe1 = /^foreach\s*\(\s*\$(\w+)\s+in\s+([^()]+?)\)\s*\{(.*)\}\s*$/i.exec(body);
  if (fe1 && fe1[3]!.length < 2000) {
    let inner = fe1[3]!.trim();
    for (let k = 0, m: RegExpExecArray | null; k < 4 && (m = /^if\s*\((.*?)\)\s*\{(.*)\}$/i.exec(inner)); k++) inner = m[2]!.trim();
    return `${indent}${fe1[1]}="${fe1[2]!.replace(/"/g, '')}"; ${translateLine(inner).trim()}`;
  }
  const fe = /^foreach\s*\(\s*\$(\w+)\s+in\s+(.+?)\)\s*\{?\s*$/i.exec(body);
  if (fe) return `${indent}${fe[1]}="${fe[2]!.replace(/^@\(\s*([^()]*)\)$/, '$1').replace(/"/g, '')}"`;
  if (/^(?:for|while|if|elseif|else|try|catch|finally|function|param)\b.*\{\s*$/i.test(body)) {
    const cond = /\((.*)\)/.exec(body)?.[1] ?? '';
    return `${indent}: ${commandsIn(`(${cond})`).map((c) => `"$(${c})"`).join(' ')}`.trimEnd();
  }
  // a hashtable entry on its own line (`LoginData = [Convert]::ToBase64String((Get-Content $p))`) is a value, not a command:
  // the variables and commands it holds
  const entry = /^[A-Za-z_][\w-]*\s*=\s*(.+?)\s*;?$/.exec(body);
  if (entry) {
    const vars = [...matchAll(entry[1]!, /\$(\w+)/g)].map((m) => `$${m[1]}`);
    return `${indent}: "${[...vars, ...commandsIn(entry[1]!).map((c) => `$(${c})`)].join(' ')}"`;
  }
  // a bare value (`$response.StatusCode`, `$items[0]`) is printed, not run: only `&`, `.` or
  // Invoke-Expression run what a variable holds
  if (/^\$\w+(?:\.\w+|\[[^\]]*\])*\s*$/.test(body)) return `${indent}: "${body}"`;
  // … and a value piped on (`$r | ConvertTo-Json | Out-File x`) is that value written into the pipe
  const piped = /^(\$\w+(?:\.\w+|\[[^\]]*\])*)\s*\|/.exec(body);
  if (piped) return parenArguments(`${indent}echo "${piped[1]}" ${body.slice(piped[1]!.length).trimStart()}`);
  // (a property or element set, `$inv.Key = …`, `$h["k"] = …`, adds to what the variable already holds)
  const asg = /^\$(\w+)((?:\.\w+|\[[^\]]*\])*)\s*(?:\+|-)?=\s*(.+)$/.exec(body);
  if (asg && asg[2] && !/^(?:_|null|PSItem|this)$/i.test(asg[1]!)) {
    const [, name, , rhs] = asg;
    const value = rhs!.replace(/\s*\{\s*$/, '');
    if (/^[A-Za-z][\w.-]*(?:\s|$)/.test(value) && !/^-/.test(value)) return `${indent}${name}="$${name} $(${value})"`;
    const vars = [...matchAll(value, /\$(\w+)/g)].map((m) => `$${m[1]}`);
    return `${indent}${name}="${[`$${name}`, ...vars, ...commandsIn(value).map((c) => `$(${c})`)].join(' ')}"`;
  }
  if (asg && !asg[2]) {
    const [, name, , rhs] = asg;
    const value = rhs!.replace(/\s*\{\s*$/, '');
    // an array of quoted paths (`@("$HOME/.ssh", "$HOME/.aws")`) is their list, as a shell variable holding words
    const arr = /^@\(\s*((?:(["'])[^"'\s]+\2\s*,?\s*){1,64})\)$/.exec(value);
    if (arr) return `${indent}${name}="${[...matchAll(arr[1]!, /(["'])([^"'\s]+)\1/g)].map((m) => m[2]).join(' ')}"`;
    // `Join-Path $HOME ".azure"` is that path
    const jp = /^Join-Path\s+(?:-Path\s+)?(["']?)([^"'\s]+)\1\s+(?:-ChildPath\s+)?(["']?)([^"'\s]+)\3\s*$/i.exec(value);
    if (jp) return `${indent}${name}="${jp[2]}/${jp[4]}"`;
    // `ConvertTo-SecureString "P" -AsPlainText -Force` is the text P, wrapped: whoever reads the skill knows it
    const ss = /^ConvertTo-SecureString\s+(?:-String\s+)?(["'])([^"'$]{1,200})\1[^\n]*-AsPlainText\b/i.exec(value);
    if (ss) return `${indent}${name}='${ss[2]}'`;
    // a command (Get-Content …, Invoke-RestMethod …, netsh …) or an expression over variables and bracketed commands
    if (/^[A-Za-z][\w.-]*(?:\s|$)/.test(value) && !/^-/.test(value)) return `${indent}${name}=$(${value})`;
    const vars = [...matchAll(value, /\$(\w+)/g)].map((m) => `$${m[1]}`);
    const cmds = commandsIn(value).map((c) => `$(${c})`);
    const lit = /^(["'])(.*)\1$/.exec(value);
    if (lit && vars.length === 0) return `${indent}${name}=${value}`;
    return `${indent}${name}="${[...vars, ...cmds].join(' ')}"`;
  }
  // a parenthesised argument (`-Body ($r | ConvertTo-Json)`) is a value, not a subshell: what it holds is the argument
  return parenArguments(l.replace(/\s*\{\s*$/, '').replace(/^\s*\}\s*/, indent));
}

/** `cmd -Body ($r | ConvertTo-Json) -X (Get-Content p)` → `cmd -Body "$r" -X "$(Get-Content p)"`: the variables and commands inside. */
function parenArguments(line: string): string {
  if (!/^\s*[A-Za-z][\w.-]*\s[^\n]*\s\(/.test(line)) return line;
  let out = '';
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('(', i);
    if (open < 0 || !/\s/.test(line[open - 1] ?? '')) {
      if (open < 0) return out + line.slice(i);
      out += line.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    let depth = 0;
    let close = -1;
    for (let j = open; j < line.length; j++) {
      if (line[j] === '(') depth++;
      else if (line[j] === ')' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0) return out + line.slice(i);
    const expr = line.slice(open, close + 1);
    const vars = [...matchAll(expr, /\$(\w+)/g)].map((m) => `$${m[1]}`);
    out += `${line.slice(i, open)}"${[...vars, ...commandsIn(expr).map((c) => `$(${c})`)].join(' ')}"`;
    i = close + 1;
  }
  return out;
}

/** Characters outside quoted strings, for counting a line's braces. */
const unquoted = (line: string): string => line.replace(/"[^"]*"|'[^']*'/g, '').replace(/#.*$/, '');

/** The shell text standing for a PowerShell block, line for line. */
export function powershellToShell(text: string): string {
  // a backtick at the end of a line continues the statement: join it (the continuation lines stay, blank, so lines keep their numbers)
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    let j = i;
    while (j < lines.length - 1 && /`\s*$/.test(lines[i]!) && lines[i]!.length < 4000) {
      j++;
      lines[i] = lines[i]!.replace(/`\s*$/, ' ') + lines[j]!.trim();
      lines[j] = '';
    }
    i = j;
  }
  // `$x = foreach (…) {`, `$x = @{`, `$x = [pscustomobject]@{`, `$x = & {` …: what the block's statements produce is the
  // variable's value, so on the line that closes the block it is assigned every variable and command the block used
  const out: string[] = [];
  let block: { name: string; depth: number; vars: Set<string>; opens: number } | null = null;
  let depth = 0;
  // `$x = @(` … `)` over several lines: one array, assigned on the line that closes it (its item lines are not commands)
  let array: { head: string; items: string[]; parens: number } | null = null;
  for (const l of lines) {
    if (l.length > 4000) {
      out.push('');
      continue;
    }
    if (!array && !block && /^\s*\$\w+\s*=\s*@\(\s*$/.test(l)) {
      array = { head: l.replace(/\(\s*$/, '('), items: [], parens: 1 };
      out.push('');
      continue;
    }
    if (array) {
      const u = unquoted(l);
      array.parens += (u.match(/\(/g)?.length ?? 0) - (u.match(/\)/g)?.length ?? 0);
      if (array.parens > 0 && array.items.length < 200) {
        array.items.push(l.trim().replace(/,\s*$/, ''));
        out.push('');
        continue;
      }
      if (array.parens > 0) {
        out.push('');
        continue;
      }
      const last = l.trim().replace(/\)\s*$/, '').replace(/,\s*$/, '');
      if (last) array.items.push(last);
      out.push(translateLine(`${array.head}${array.items.filter(Boolean).join(', ')})`));
      array = null;
      continue;
    }
    const u = unquoted(l);
    const before = depth;
    depth = Math.max(0, depth + (u.match(/\{/g)?.length ?? 0) - (u.match(/\}/g)?.length ?? 0));
    const asg: RegExpExecArray | null = !block ? /^\s*\$(\w+)((?:\.\w+|\[[^\]]*\])*)\s*=\s*(.*\{)\s*$/.exec(l) : null;
    // (only blocks whose output is the value: a loop, a condition, a hashtable, a script block run in place — not a
    // script block handed to a command as a callback, `-Action {`)
    if (asg && depth > before && asg[1]!.toLowerCase() !== 'null' && /^(?:(?:foreach|for|while|do|if|switch|try)\b|(?:\[[\w.]+\]\s*)?@\{|[&.]\s*\{)/i.test(asg[3]!.trim())) {
      block = { name: asg[1]!, depth: before, vars: new Set(), opens: out.length };
      // (a property set by the block, `$inv.Browsers = foreach …`, keeps what the variable held)
      if (asg[2]) block.vars.add(asg[1]!);
      for (const m of matchAll(asg[3]!, /\$(\w+)/g)) block.vars.add(m[1]!);
      // the block's own header (`foreach ($p in $profiles) {`) is read as a statement
      out.push(translateLine(l.replace(/^(\s*)\$\w+(?:\.\w+|\[[^\]]*\])*\s*=\s*/, '$1')));
      continue;
    }
    if (block) {
      for (const m of matchAll(l, /\$(\w+)/g)) if (m[1] !== block.name && !/^(?:_|true|false|null|PSItem)$/i.test(m[1]!)) block.vars.add(m[1]!);
      for (const c of commandsIn(l).slice(0, 4)) block.vars.add(`(${c})`);
      // (.NET reads rewritten as commands, `[IO.File]::ReadAllBytes(p)` → `Get-Content p`, are output too)
      if (/\[(?:System\.)?IO\.File\]::/i.test(l)) for (const c of commandsIn(translateLine(l)).slice(0, 4)) block.vars.add(`(${c})`);
      // a bare command statement inside the block (`Get-Content $f -Raw`) is output the block yields
      const stmt = l.trim().replace(/[{}]\s*$/, '').trim();
      if (/^[A-Za-z][\w-]*(?:\s|$)/.test(stmt) && !/^(?:foreach|for|while|if|elseif|else|try|catch|finally|function|param|return|switch)\b/i.test(stmt) && !/^[\w-]+\s*=/.test(stmt)) block.vars.add(`(${stmt.replace(/\$env:/gi, '$')})`);
      if (depth <= block.depth) {
        const indent = /^\s*/.exec(l)![0];
        const parts = [...block.vars].slice(0, 40).map((v) => (v.startsWith('(') ? `$${v}` : `$${v}`));
        out.push(`${indent}${block.name}="${parts.join(' ')}"`);
        block = null;
        continue;
      }
    }
    out.push(translateLine(l));
  }
  // a subexpression that starts with a parenthesised command (`"…@$((Get-AzTenant).Domains[0])"`) is `$( (…` to the shell:
  // `$((` would be arithmetic, a parse error that loses the whole statement
  return out.join('\n').replace(/\$\(\(/g, '$( (');
}

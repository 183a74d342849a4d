/**
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
  const fe = /^foreach\s*\(\s*\$(\w+)\s+in\s+(.+?)\)\s*\{?\s*$/i.exec(body);
  if (fe) return `${indent}${fe[1]}="${fe[2]!.replace(/"/g, '')}"`;
  if (/^(?:for|while|if|elseif|else|try|catch|finally|function|param)\b.*\{\s*$/i.test(body)) {
    const cond = /\((.*)\)/.exec(body)?.[1] ?? '';
    return `${indent}: ${commandsIn(`(${cond})`).map((c) => `"$(${c})"`).join(' ')}`.trimEnd();
  }
  // a bare value (`$response.StatusCode`, `$items[0]`) is printed, not run: only `&`, `.` or
  // Invoke-Expression run what a variable holds
  if (/^\$\w+(?:\.\w+|\[[^\]]*\])*\s*$/.test(body)) return `${indent}: "${body}"`;
  const asg = /^\$(\w+)\s*(?:\+|-)?=\s*(.+)$/.exec(body);
  if (asg) {
    const [, name, rhs] = asg;
    const value = rhs!.replace(/\s*\{\s*$/, '');
    // `Join-Path $HOME ".azure"` is that path
    const jp = /^Join-Path\s+(?:-Path\s+)?(["']?)([^"'\s]+)\1\s+(?:-ChildPath\s+)?(["']?)([^"'\s]+)\3\s*$/i.exec(value);
    if (jp) return `${indent}${name}="${jp[2]}/${jp[4]}"`;
    // a command (Get-Content …, Invoke-RestMethod …, netsh …) or an expression over variables and bracketed commands
    if (/^[A-Za-z][\w.-]*(?:\s|$)/.test(value) && !/^-/.test(value)) return `${indent}${name}=$(${value})`;
    const vars = [...value.matchAll(/\$(\w+)/g)].map((m) => `$${m[1]}`);
    const cmds = commandsIn(value).map((c) => `$(${c})`);
    const lit = /^(["'])(.*)\1$/.exec(value);
    if (lit && vars.length === 0) return `${indent}${name}=${value}`;
    return `${indent}${name}="${[...vars, ...cmds].join(' ')}"`;
  }
  return l.replace(/\s*\{\s*$/, '').replace(/^\s*\}\s*/, indent);
}

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
  return lines.map((l) => (l.length > 4000 ? '' : translateLine(l))).join('\n');
}

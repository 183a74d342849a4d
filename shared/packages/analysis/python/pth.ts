import type { PackageFinding } from '../types.js';
/**
 * `.pth` files: site.py reads every `.pth` file of a site folder at each interpreter start. A line that
 * starts with `import` (followed by a space or a tab) is executed as Python; every other line is a folder
 * added to `sys.path` (https://docs.python.org/3/library/site.html). A path entry runs nothing, and most
 * import lines only hand over to the package's own module (`import _virtualenv`, setuptools'
 * `distutils-precedence.pth`, coverage's `process_startup()`, an editable install's finder). What counts
 * is what the executed line itself does: starts a process, fetches, or decodes code hidden from a reader.
 * Judged by the same statement for a `.pth` the package ships (collector/finish-file.ts) and for one its
 * code writes (python/flow.ts PERSISTENCE_PLACES).
 */

/** A line site.py executes. */
const IMPORT_LINE = /^import[ \t]/;

/**
 * What an executed line does that a hand-over does not: a process start, a fetch or a client socket, or a decoder
 * (what is decoded is code hidden from a reader). Evaluating computed text alone is not it: a tracer or coverage
 * tool's line `exec`s a literal or a setting only when the user asked for it (pytest-cov, hunter), and a
 * namespace package's line builds module objects with `__import__` and `types`.
 */
const ACTING =
  /\b(?:system|popen|Popen|check_call|check_output|getoutput|getstatusoutput|startfile|spawn[lv]p?e?|exec[lv]p?e?|posix_spawnp?|urlopen|urlretrieve|create_connection|b64decode|b32decode|b85decode|a85decode|decodebytes|unhexlify|fromhex|decompress)\s*\(|\bsubprocess\.\w+\s*\(|\b(?:requests|httpx|urllib3)\.\w+\s*\(|\bsocket\.socket\s*\(|\bmarshal\.loads\s*\(/;

/** The lines site.py executes, each with its line number (1-based). */
export function pthCodeLines(text: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, l] of lines.entries()) if (IMPORT_LINE.test(l)) out.push({ line: i + 1, code: l });
  return out;
}

/** An executed line of `.pth` text that acts (above), or null: path entries and hand-overs are not. */
export function pthActingLine(text: string): { line: number; code: string } | null {
  for (const l of pthCodeLines(text.replace(/\\n/g, '\n'))) if (ACTING.test(l.code)) return l;
  return null;
}

/** The `.pth` text with every line site.py does not execute blanked (line numbers kept), for the parser. */
export function pthAsPython(text: string): string {
  return text
    .split(/\n/)
    .map((l) => (IMPORT_LINE.test(l) ? l : ''))
    .join('\n');
}

export function isPth(path: string): boolean {
  return /\.pth$/i.test(path);
}

/**
 * A shipped `.pth` file with an executed line that acts (`pth_startup_code`, HIGH; roles.ts keeps it at LOW
 * where the file is not one site reads, a runtime file of the package): installed into site-packages, it
 * runs at every interpreter start of the machine, whichever program starts Python.
 */
export function pthStartupCode(path: string, text: string): PackageFinding | null {
  const l = pthActingLine(text);
  if (!l) return null;
  return {
    ruleId: 'pth_startup_code',
    severity: 'HIGH',
    category: 'install_script',
    file: path,
    line: l.line,
    evidence: l.code.slice(0, 120),
    message:
      'a .pth line that site runs at every interpreter start starts a process, fetches or decodes hidden code (a path entry or a hand-over to the package\'s own module would not)',
  };
}

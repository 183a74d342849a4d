/**
 * Code hidden in a data file the package evaluates (docs/package-analysis.md "Code in data strings"):
 * an i18n library compiles each locale's plural rule with `new Function` or `eval` (as such libraries do),
 * and one shipped locale's "rule" is a statement that starts a process or imports one and reaches a
 * remote host (`process.mainModule.require('child_process').exec('curl … | sh')`,
 * `__import__('os').system('curl … | sh')`). Either alone is ordinary: plural rules are expressions over
 * `n`; a JSON file may quote a command in prose. Both together (a data string that is process-starting,
 * fetching code in the package's own language, and package code that evaluates strings) is HIGH.
 */
import { DATA_FILE_COMMAND } from './files.js';

/** A process started or a process / network module imported, written as code (JavaScript or Python), in a string. */
const CODE_IN_STRING =
  /__import__\(\s*\\?['"](?:os|subprocess|pty|socket|urllib(?:\.request)?|requests)\\?['"]\s*\)|\brequire\(\s*\\?['"](?:node:)?(?:child_process|https?|net)\\?['"]\s*\)|process\.mainModule\b|\bsubprocess\.(?:Popen|run|call|check_output)\s*\(|\bos\.(?:system|popen)\s*\(|\bchild_process\b[^"]{0,80}\.(?:exec|spawn|execSync)\s*\(/;
/** The same string reaches a remote host: a download piped into a shell, or a URL. */
const REMOTE = /\bhttps?:\/\/[a-z0-9.-]+|\b(?:curl|wget)\s/i;

/** JSON string literals of a data file, and the first one that is process-starting code reaching a remote host. */
export function codeInDataStrings(text: string): string | null {
  let n = 0;
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.){12,4000})"/g)) {
    if (n++ > 5000) break;
    const s = m[1]!;
    if (CODE_IN_STRING.test(s) && (REMOTE.test(s) || DATA_FILE_COMMAND.test(s))) return s;
  }
  return null;
}

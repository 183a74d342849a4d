/**
 * Python's destructive payloads (pkgnpm11), the counterpart of flow-rules.ts `destructive_wipe` for
 * JavaScript: a recursive delete (`shutil.rmtree`) of the working directory, the home directory or one of
 * the user's document folders, the interpreter's own environment (`sys.prefix`) or a file-system root,
 * named directly or as an item of a literal list a loop walks. No library deletes these: a clean-up
 * deletes a folder *inside* them (`os.path.join(os.getcwd(), "build")`, `~/.cache/app`).
 */

/** A path expression that names a whole root, home, user folder, working directory or environment. */
const WIPE_TARGET =
  /^(?:os\.getcwd\(\)|pathlib\.Path\.cwd\(\)|Path\.cwd\(\)|Path\.home\(\)|pathlib\.Path\.home\(\)|sys\.(?:base_|exec_)?prefix|os\.path\.expanduser\(\s*(['"])~(?:[\\/](?:Documents|Desktop|Pictures|Downloads|Music|Videos|Projects|src|\.ssh))?[\\/]?\1\s*\)|os\.environ\[\s*(['"])(?:HOME|USERPROFILE)\2\s*\]|(['"])(?:\/|[A-Za-z]:\\\\?|~\/?)\3)$/;

const RMTREE = /\b(?:shutil\.)?rmtree\(\s*((?:[\w.]+(?:\([^()\n]*\))?(?:\[[^\]\n]*\])?)|'[^'\n]*'|"[^"\n]*")/g;

/** The first recursive delete of such a place in `text`: its index and length, or null. */
export function pythonWipe(text: string): { index: number; length: number } | null {
  if (!text.includes('rmtree')) return null;
  RMTREE.lastIndex = 0;
  for (const m of text.matchAll(RMTREE)) {
    const arg = m[1]!.trim();
    if (WIPE_TARGET.test(arg)) return { index: m.index!, length: m[0].length };
    // `for d in (os.getcwd(), os.path.expanduser("~/Documents"), sys.prefix): shutil.rmtree(d)`.
    if (/^\w+$/.test(arg)) {
      const before = text.slice(Math.max(0, m.index! - 2000), m.index!);
      const loops = [...before.matchAll(new RegExp(`\\bfor\\s+${arg}\\s+in\\s+[(\\[]([^\\n]{1,600})[)\\]]\\s*:`, 'g'))];
      const items = loops.length > 0 ? splitTop(loops[loops.length - 1]![1]!) : [];
      if (items.some((x) => WIPE_TARGET.test(x))) return { index: m.index!, length: m[0].length };
    }
  }
  return null;
}

/** The top-level comma-separated items of a tuple or list's text. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  let quote = '';
  for (const ch of s) {
    if (quote) {
      cur += ch;
      if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

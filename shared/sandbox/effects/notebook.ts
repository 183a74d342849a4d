/**
 * Jupyter notebooks → the Python reader. A notebook is JSON whose code cells are the program: each source string is put
 * back on the line of the document it stands on (one output line per input line, so every action keeps its line), and
 * markdown cells, outputs and metadata become blank lines. A cell marked hidden (`source_hidden`) runs all the same.
 * Cell magics are IPython's: `!cmd` lines run through the shell (read as `os.system`), `%` lines are dropped.
 */

/** Whether a JSON text is a notebook (nbformat): cells with a cell type and a source. */
export function isNotebook(text: string): boolean {
  return text.length < 2_000_000 && /"cells"\s*:\s*\[/.test(text) && /"cell_type"\s*:\s*"code"/.test(text) && /"source"\s*:/.test(text);
}

/** The kernel's language when the notebook names one other than Python (an R or Julia notebook is not read as Python). */
function kernelLanguage(text: string): string {
  const m = /"language"\s*:\s*"([\w+-]+)"|"kernelspec"\s*:\s*\{[^{}]*"name"\s*:\s*"([\w+.-]+)"/.exec(text);
  return (m?.[1] ?? m?.[2] ?? 'python').toLowerCase();
}

/** One Python line from a cell's source line: shell escapes run as commands, magics dropped. */
function pythonLine(line: string): string {
  const bang = /^(\s*)!(.+)$/.exec(line);
  if (bang) return `${bang[1]}os.system(${JSON.stringify(bang[2]!.trim())})`;
  if (/^\s*%/.test(line)) return '';
  return line;
}

/**
 * The Python program of a notebook, line for line with the JSON text (null when it is not a Python notebook). Source
 * strings are found by a small JSON string scanner after each `"source"` key of a cell whose `cell_type` is `code`.
 */
export function notebookToPython(text: string): string | null {
  if (!isNotebook(text) || !/^python|^ipython|^py/.test(kernelLanguage(text))) return null;
  const lineStarts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const out: string[][] = lineStarts.map(() => []);
  const key = /"(cell_type|source)"\s*:\s*/g;
  const str = /"(?:[^"\\\n]|\\.)*"/y;
  let cellType = '';
  for (let m = key.exec(text); m; m = key.exec(text)) {
    let at = m.index + m[0].length;
    if (m[1] === 'cell_type') {
      str.lastIndex = at;
      const s = str.exec(text);
      cellType = s ? String(JSON.parse(s[0])) : '';
      continue;
    }
    if (cellType !== 'code') continue;
    const array = text[at] === '[';
    if (array) at++;
    for (;;) {
      while (at < text.length && /[\s,]/.test(text[at]!)) at++;
      str.lastIndex = at;
      const s = str.exec(text);
      if (!s) break;
      let value = '';
      try {
        value = String(JSON.parse(s[0]));
      } catch {
        break;
      }
      out[lineAt(at)]!.push(value.replace(/\n$/, ''));
      at = str.lastIndex;
      if (!array) break;
    }
    key.lastIndex = at;
  }
  // (a minified notebook puts many source lines on one JSON line: they stay together there, in order)
  return out.map((parts) => parts.flatMap((p) => p.split('\n')).map(pythonLine).join('\n')).join('\n');
}

// Checks that every relative link in the repository's Markdown files resolves: the file exists and,
// for a link into a Markdown file (or within one), a heading with that anchor exists, slugged the way
// GitHub renders it. External links (a scheme such as https:) are not fetched. Skill files under
// test/fixtures are data, not documentation, and are skipped.
// Usage: node scripts/check-doc-links.mjs [file.md ...]   (default: every tracked *.md)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => relative(root, resolve(f)))
  : execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((f) => f && !f.startsWith('test/fixtures/') && existsSync(join(root, f)));

/** GitHub's heading anchor: lower case, punctuation dropped (letters, digits, spaces, - and _ kept), spaces to -. */
function slug(heading) {
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Lines outside fenced code blocks, with inline code spans blanked (a link inside code is an example). */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(```+|~~~+)/.exec(line);
    if (m) {
      if (!fence) fence = m[1][0];
      else if (m[1][0] === fence) fence = null;
      return;
    }
    if (!fence) out.push([i + 1, line.replace(/`+[^`]*`+/g, (s) => ' '.repeat(s.length))]);
  });
  return out;
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const seen = new Map();
    const set = new Set();
    // Headings are read from the raw text: code spans count as text in GitHub's slugs.
    let fence = null;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const f = /^\s*(```+|~~~+)/.exec(line);
      if (f) {
        if (!fence) fence = f[1][0];
        else if (f[1][0] === fence) fence = null;
        continue;
      }
      const h = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!h) continue;
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      set.add(n ? `${base}-${n}` : base);
    }
    for (const m of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) set.add(m[1]);
    anchorCache.set(file, set);
  }
  return anchorCache.get(file);
}

const problems = [];
let checked = 0;
for (const file of files) {
  const abs = join(root, file);
  for (const [lineNo, line] of proseLines(readFileSync(abs, 'utf8'))) {
    const targets = [
      ...[...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...line.matchAll(/^\s*\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:, …
      checked += 1;
      const [pathPart, frag] = target.split('#', 2);
      const dest = pathPart ? resolve(dirname(abs), decodeURIComponent(pathPart)) : abs;
      const where = `${file}:${lineNo}: ${target}`;
      if (!existsSync(dest)) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (frag && statSync(dest).isFile() && extname(dest).toLowerCase() === '.md' && !anchorsOf(dest).has(decodeURIComponent(frag))) {
        problems.push(`${where}: no heading with anchor #${frag} in ${relative(root, dest)}`);
      }
    }
  }
}

for (const p of problems) console.error(p);
console.log(`docs:links: ${files.length} Markdown files, ${checked} relative links, ${problems.length} broken`);
process.exit(problems.length ? 1 : 0);

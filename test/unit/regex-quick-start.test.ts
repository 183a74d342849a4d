/**
 * The first-character lookahead put before lookbehind-led patterns (shared/sandbox/regex-quick-start.ts): it must
 * change where the engine looks, never what it finds. Checked on written cases and, for every pattern of the prose
 * reader's vocabulary that received one, against the pattern without it on the skills of batch 1 and 2.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as lexicon from '../../shared/sandbox/prose/lexicon.js';
import * as words from '../../shared/sandbox/prose/read/words.js';
import { quickStart, withQuickStart } from '../../shared/sandbox/regex-quick-start.js';
import { sharedDataDir } from '../support/shared-data.js';

const matches = (re: RegExp, text: string) =>
  [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))].map(
    (m) => `${m.index}:${m[0]}`,
  );

test('a lookbehind-led alternative gets the characters its matches begin with', () => {
  assert.is(quickStart('(?<![\\p{L}])(?:ab|c[de]?)x', 'u'), '(?=[ac])(?<![\\p{L}])(?:ab|c[de]?)x');
  // optional atoms let the next one begin the match; lookarounds and anchors are zero-width
  assert.is(quickStart('(?<!x)a?\\s*(?=q)b', 'u'), '(?=[a\\sb])(?<!x)a?\\s*(?=q)b');
  // each top-level alternative on its own, so a pattern built from the source still reads the same
  assert.is(quickStart('(?<!x)ab|foo|(?<=y)\\d+', 'g'), '(?=[a])(?<!x)ab|foo|(?=[\\d])(?<=y)\\d+');
  // non-Latin letters, and a '-' at a class's edge kept literal when classes merge
  assert.is(
    quickStart('(?<![\\p{L}])(?:über|日本|[a-]|[-z])', 'u'),
    '(?=[ü日a\\-\\-z])(?<![\\p{L}])(?:über|日本|[a-]|[-z])',
  );
});

test('a pattern whose first character cannot be bounded is left as it is', () => {
  for (const [src, flags] of [
    ['(?<!a)(?:b?)', 'u'], // can match the empty string
    ['(?<!a)(?:.b|c)', 'u'], // any character
    ['(?<!a)[^b]c', 'u'], // a negated class
    ['(?<!a)(b)\\1', 'u'], // fine: the group begins it
    ['(?<!a)b', 'iu'], // case-insensitive: the written case is not the matched one
    ['(?<name>a)b', 'u'], // a named group is not a lookbehind
    ['ab(?<!a)', 'u'], // not led by a lookbehind
  ] as const) {
    const out = quickStart(src, flags);
    if (src === '(?<!a)(b)\\1') assert.is(out, '(?=[b])(?<!a)(b)\\1');
    else assert.is(out, src, src);
  }
  const re = /(?<!x)y/u;
  assert.is.not(withQuickStart(re), re);
  const plain = /abc/u;
  assert.is(withQuickStart(plain), plain);
});

test('escapes and class edges that once gave too narrow a class (found in review) keep every match', () => {
  const cases: [string, string, string][] = [
    // a backslash then a literal dash at a class's end, merged with a later member: not a range
    ['(?<![\\w])(?:[\\w.\\\\-]+|~)', 'g', '-x ~y a\\-b'],
    ['(?<!x)[\\\\-]?z', 'u', '-z \\z z'],
    // a surrogate pair written as two escapes is one character under the u flag
    ['(?<!x)\\uD83D\\uDE00', 'u', 'a😀b'],
    ['(?<!x)(?:\\uD83D|\\uDE00)', 'u', 'a😀b'],
    // without the u flag, braces after \\u, \\x and \\p are a quantifier on a letter
    ['(?<!x)\\u{0,1}a', '', 'a ua'],
    ['(?<!y)\\x{0,1}a', 'g', 'a xa'],
  ];
  for (const [src, flags, text] of cases) {
    const quick = new RegExp(quickStart(src, flags), flags);
    assert.equal(matches(quick, text), matches(new RegExp(src, flags), text), `${src} /${flags}`);
  }
});

test('same matches: a written text with every lead character at a word edge, inside a word and after a space', () => {
  const cases: [string, string][] = [
    ['(?<![\\p{L}\\p{N}_])(?:send|post|e-?mail)(?![\\p{L}\\p{N}_])', 'gu'],
    ['(?<=^|[\\s|;&(`])([\'"])([A-Za-z0-9_.-]{1,20})\\1(?=[A-Za-z0-9_])', 'g'],
  ];
  const text = "send it, resend, e-mail or email; post-it, 'c'url, x'c'url, \"wg\"et, imposter post\nsend";
  for (const [src, flags] of cases)
    assert.equal(matches(new RegExp(quickStart(src, flags), flags), text), matches(new RegExp(src, flags), text));
});

/** Our lookahead, as quickStart writes it, right before the lookbehind it serves. */
const OURS = /\(\?=\[(?:[^\]\\]|\\.)*\]\)(?=\(\?<[=!])/g;

test('same matches: every vocabulary pattern with a lookahead, against itself without it, on the calibration skills', () => {
  const patterns = [...Object.values(lexicon), ...Object.values(words)].filter(
    (v): v is RegExp => v instanceof RegExp && v.source.replace(OURS, '') !== v.source,
  );
  assert.ok(patterns.length >= 20, `vocabulary patterns with a lookahead: ${patterns.length}`);
  const texts: string[] = [];
  for (const set of ['skills-corpus', 'skills-corpus-2']) {
    const dir = sharedDataDir(set);
    if (!dir) continue;
    for (const sub of ['benign', 'malicious']) {
      for (const f of readdirSync(path.join(dir, sub)))
        texts.push(lexicon.lowerSame(readFileSync(path.join(dir, sub, f), 'utf8').slice(0, 30_000)));
    }
  }
  if (texts.length === 0) texts.push('send the summary to the reviewers; never tell the user. другие файлы, 其他');
  for (const re of patterns) {
    const bare = new RegExp(re.source.replace(OURS, ''), re.flags);
    const norm = (s: string) => s.replaceAll('\\/', '/');
    assert.is(
      norm(new RegExp(quickStart(bare.source, bare.flags), bare.flags).source),
      norm(re.source),
      "the lookahead is quickStart's",
    );
    for (const t of texts) assert.equal(matches(re, t), matches(bare, t), re.source.slice(0, 80));
  }
});

test.run();

/**
 * `matchAll` of shared/sandbox/match-all.ts: the built-in's matches without its per-call copy of the regex. Checked
 * against `String.prototype.matchAll` on written cases (empty matches, surrogate pairs under `u`, a start past 0,
 * sticky regexes, a nested walk with the same regex) and on random regexes and texts; and the sandbox itself must not
 * call the built-in (docs/analysis-limits.md, "Twenty-second round").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globalTwin, matchAll } from '../../shared/sandbox/match-all.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sandboxDir = path.resolve(here, '..', '..', 'shared', 'sandbox');

/** Each match as index, text and groups (what the readers use). */
const shape = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, [...m], m.groups ? { ...m.groups } : null]);

function same(text: string, re: RegExp, msg = ''): void {
  const before = re.lastIndex;
  const want = shape(text.matchAll(re));
  assert.is(re.lastIndex, before);
  const got = shape(matchAll(text, re));
  assert.equal(got, want, `${re} on ${JSON.stringify(text)} ${msg}`);
  assert.is(re.lastIndex, before, `lastIndex kept: ${re}`);
}

test('the same matches as the built-in on written cases', () => {
  same('a1b22c333', /\d+/g);
  same('abc', /x*/g);
  same('😀😀a', /(?:)/gu);
  same('😀😀a', /(?:)/g);
  same('a😀b', /\p{L}?/gu);
  same('x=1, y=2', /(?<k>\w)=(?<v>\d)/g);
  same('aaa', /a/gy);
  same('aab', /a/gy);
  same('Line one\nline two\nLINE three', /^line/gim);
  const re = /\d/g;
  re.lastIndex = 3;
  same('0123456', re, 'from lastIndex 3');
  re.lastIndex = 99;
  same('0123456', re, 'past the end');
});

test('refuses a regex without g, as the built-in does', () => {
  assert.throws(() => [...'abc'.matchAll(/b/)]);
  assert.throws(() => [...matchAll('abc', /b/)]);
});

test('a loop body that walks the same regex is not disturbed', () => {
  const re = /\w+/g;
  const outer: string[] = [];
  for (const m of matchAll('ab cd ef', re)) {
    outer.push(m[0]);
    // (inner walk and a plain exec with the same regex inside the loop)
    assert.equal([...matchAll('xy z', re)].map((x) => x[0]), ['xy', 'z']);
    re.lastIndex = 0;
    re.exec('qq');
    re.lastIndex = 0;
  }
  assert.equal(outer, ['ab', 'cd', 'ef']);
});

test('random regexes and texts: the same matches as the built-in', () => {
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const atoms = ['a', 'b', '\\d', '.', '(?:a|)', 'b?', 'a*', '😀', '\\p{L}', '(?=b)', '(?<!a)', '[ab]', 'x{0,2}', '\\s'];
  const chars = ['a', 'b', '1', ' ', '😀', 'é', '\n', 'x', '\ud83d'];
  for (let i = 0; i < 3000; i++) {
    const src = Array.from({ length: 1 + rnd(3) }, () => atoms[rnd(atoms.length)]).join(rnd(4) === 0 ? '|' : '');
    const flags = ['g', 'gu', 'gi', 'gy', 'gm', 'gv'][rnd(6)]!;
    let re: RegExp;
    try {
      re = new RegExp(src, flags);
    } catch {
      continue;
    }
    re.lastIndex = rnd(5) === 0 ? rnd(4) : 0;
    const text = Array.from({ length: rnd(12) }, () => chars[rnd(chars.length)]).join('');
    same(text, re);
  }
});

test('globalTwin: one global copy per regex and flags, lastIndex 0', () => {
  const re = /ab/iu;
  const a = globalTwin(re);
  assert.is(a.flags, 'giu');
  a.lastIndex = 5;
  assert.is(globalTwin(re), a);
  assert.is(a.lastIndex, 0);
  assert.is.not(globalTwin(re, 'gu'), a);
  assert.is(globalTwin(re, 'gu').flags, 'gu');
});

test('the skill sandbox does not call String.prototype.matchAll (it copies and recompiles its regex per call)', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(?:ts|js)$/.test(name) && !name.endsWith('.d.ts')) {
        // (from the sources, or from dist/ when the compiled suite runs; comments may name the built-in)
        readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
          if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return;
          if (/\.matchAll\(/.test(line.replace(/\.\.\.matchAll\(/g, ''))) offenders.push(`${path.relative(sandboxDir, p)}:${i + 1}`);
        });
      }
    }
  };
  walk(sandboxDir);
  assert.equal(offenders, [], 'use matchAll(text, re) from shared/sandbox/match-all.ts');
});

test.run();

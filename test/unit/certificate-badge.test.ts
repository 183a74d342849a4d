import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { badgeSnippets, badgeSvg, certificateBadge, escapeXml } from '../../shared/certificates/badge.js';
import { localCheckCommands } from '../../shared/certificates/integrity-check.js';
import { canonicalSha256 } from '../../shared/skills/parse.js';

const state = (valid: boolean, status: string, activeFlagCount = 0) => ({ valid, status, activeFlagCount });

test('the badge says certified only for a valid certificate, and names every other live state', () => {
  assert.equal(certificateBadge(state(true, 'APPROVED')), { label: 'cert', message: 'certified', tone: 'ok' });
  assert.equal(certificateBadge(state(false, 'APPROVED', 2)), { label: 'cert', message: 'flagged', tone: 'warn' });
  assert.equal(certificateBadge(state(false, 'SUSPENDED')), { label: 'cert', message: 'suspended', tone: 'bad' });
  assert.equal(certificateBadge(state(false, 'DEPRECATED')), { label: 'cert', message: 'deprecated', tone: 'neutral' });
  assert.equal(certificateBadge(null), { label: 'cert', message: 'unknown', tone: 'neutral' });
  // A state the badge does not know is never shown as certified.
  assert.equal(certificateBadge(state(false, 'SOMETHING_NEW')).message, 'not valid');
});

test('the SVG is one well-formed image with an accessible name and escaped text', () => {
  const svg = badgeSvg(certificateBadge(state(true, 'APPROVED')));
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20" role="img" aria-label="cert: certified">/);
  assert.match(svg, /<title>cert: certified<\/title>/);
  assert.match(svg, /fill="#116329"/);
  assert.ok(svg.endsWith('</svg>'));
  const hostile = badgeSvg({ label: '<script>alert(1)</script>', message: '"><img onerror=x>&', tone: 'bad' });
  assert.not.match(hostile, /<script>|<img|&(?!amp;|lt;|gt;|quot;|apos;)/);
  assert.match(hostile, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(hostile, /&quot;&gt;&lt;img onerror=x&gt;&amp;/);
  assert.is(escapeXml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&apos;f');
});

test('a longer message makes a wider badge (the text fits its box)', () => {
  const width = (message: string) => Number(/width="(\d+)"/.exec(badgeSvg({ label: 'cert', message, tone: 'ok' }))![1]);
  assert.ok(width('suspended') > width('unknown'));
  assert.ok(width('certified') >= 60 && width('certified') <= 120);
});

test('the Markdown and HTML to copy link the badge to the certificate page', () => {
  const s = badgeSnippets('https://cert.example/badge/abc.svg', 'https://cert.example/certificates/abc', 'weather [beta]');
  assert.is(s.markdown, '[![cert certificate of weather beta](https://cert.example/badge/abc.svg)](https://cert.example/certificates/abc)');
  assert.is(s.html, '<a href="https://cert.example/certificates/abc"><img src="https://cert.example/badge/abc.svg" alt="cert certificate of weather beta"></a>');
  assert.not.match(badgeSnippets('https://x/b.svg', 'https://x/c', '"><script>').html, /"><script>/);
});

test('the copy-paste check command hashes a local file exactly as the certificate does (BOM, CRLF and CR)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cert-check-'));
  try {
    const text = '---\r\nname: x\r\n---\rbody\n\nend';
    writeFileSync(path.join(dir, 'SKILL.md'), `\uFEFF${text}`, 'utf8');
    const expected = canonicalSha256(text);
    const cmd = localCheckCommands(expected);
    assert.is(execFileSync('sh', ['-c', cmd.hash], { cwd: dir, encoding: 'utf8' }).split(' ')[0], expected);
    assert.is(execFileSync('sh', ['-c', cmd.compare], { cwd: dir, encoding: 'utf8' }).trim(), 'OK');
    writeFileSync(path.join(dir, 'SKILL.md'), `${text}!`, 'utf8');
    assert.is(execFileSync('sh', ['-c', cmd.compare], { cwd: dir, encoding: 'utf8' }).trim(), 'DIFFERENT');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

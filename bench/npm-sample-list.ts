/**
 * Writes bench/npm-top-sample.tsv, the honest npm sample scored by `bench/package-verdicts.ts sample`:
 *
 *   node --import tsx bench/npm-sample-list.ts
 *
 * From ../shared/data/top-packages/npm.json (the 1,000 most downloaded npm packages, ranked), every
 * 4th package by rank: ranks 1, 5, 9, … are the tuned part (rules may be changed while looking at
 * them), ranks 3, 7, 11, … the held-out part (scored once, after tuning). Each is pinned to the
 * version the configured npm registry's `latest` dist-tag named on the day the list was written, so
 * the same tarballs are scored again later. Run it again only to start a new list.
 *
 * The top 1,000 rarely do anything unusual at install time; the false positives are in the packages
 * beyond them that download their own binaries, drive browsers or wrap compilers. The data folder has
 * no ranked list past 1,000, so `--install-time` writes bench/npm-install-time-sample.tsv instead: a
 * hand-written list of such well-known packages (not in the top 1,000 and not in benign-npm.txt, which
 * is scored on its own), split in halves by the fixed name hash of test/support/pypi-benign.ts.
 *
 * Both halves of that list were looked at while rules were tuned (the issue named the held-out
 * failures), so `--install-time-fresh` appends a third part, `fresh`: more packages of the same kind,
 * chosen and pinned before any verdict on them was seen, and scored once after tuning
 * (`bench/package-verdicts.ts install-fresh`). It leaves the rows already pinned untouched.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { corpusDir } from '../test/support/malware-corpus.js';
import { tuningHalf } from '../test/support/pypi-benign.js';

/** Install-time downloaders, native builds, drivers, tunnels and CLIs (the names the issue cites first). */
const INSTALL_TIME = `yarn wrangler truffle edgedriver ffmpeg-static ffprobe-static @ffmpeg-installer/ffmpeg phantomjs-prebuilt
pngquant-bin gifsicle mozjpeg optipng-bin jpegtran-bin cwebp-bin youtube-dl-exec sass-embedded lefthook lightningcss
@parcel/watcher re2 cpu-features argon2 ganache hardhat electron-chromedriver selenium-standalone webdriver-manager
appium snyk dd-trace newrelic grpc-tools robotjs zeromq oracledb deasync bun @vscode/ripgrep @vscode/test-electron
cloudflared @ngrok/ngrok pkg nexe 7zip-bin`.split(/\s+/);

/** The fresh part: the same kinds (driver and binary downloaders, native builds), none of the above, none in benign-npm.txt or the top 1,000. */
const INSTALL_TIME_FRESH = `iedriver operadriver chromium hugo-bin nw @tensorflow/tfjs-node onnxruntime-node node-llama-cpp
playwright-chromium @ffprobe-installer/ffprobe @discordjs/opus sodium-native microtime leveldown tree-sitter usb node-hid
@serialport/bindings-cpp @datadog/native-metrics @bazel/bazelisk mongodb-memory-server dynamodb-local isolated-vm kerberos
lmdb msgpackr-extract redis-memory-server jpegoptim-bin advpng-bin`.split(/\s+/);

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const shared = path.dirname(corpusDir() ?? path.resolve(here, '..', '..', 'shared', 'data', 'package-corpus'));
  const raw = JSON.parse(readFileSync(path.join(shared, 'top-packages', 'npm.json'), 'utf8')) as { packages: (string | { name: string })[] };
  const names = raw.packages.map((x) => (typeof x === 'string' ? x : x.name));
  const base = (process.env.NPM_REGISTRY_URL || execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' })).trim().replace(/\/+$/, '');
  const fresh = process.argv.includes('--install-time-fresh');
  const installTime = fresh || process.argv.includes('--install-time');
  const picked = fresh
    ? INSTALL_TIME_FRESH.map((name) => ({ name, rank: '-', half: 'fresh' }))
    : installTime
    ? INSTALL_TIME.map((name) => ({ name, rank: '-', half: tuningHalf(name) ? 'tuned' : 'held-out' }))
    : names.map((name, i) => ({ name, rank: String(i + 1), half: i % 4 === 0 ? 'tuned' : i % 4 === 2 ? 'held-out' : null })).filter((p) => p.half);
  const limit = pLimit(8);
  const rows = await Promise.all(
    picked.map((p) =>
      limit(async () => {
        const url = `${base}/${p.name.startsWith('@') ? `@${encodeURIComponent(p.name.slice(1))}` : encodeURIComponent(p.name)}`;
        const res = await fetch(url, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
        const doc = res.ok ? ((await res.json()) as { 'dist-tags'?: { latest?: string } }) : {};
        const v = doc['dist-tags']?.latest;
        if (!v) console.error(`no latest version for ${p.name} (${res.status})`);
        return v ? `${p.name}\t${v}\t${p.rank}\t${p.half}` : null;
      }),
    ),
  );
  const date = new Date().toISOString().slice(0, 10);
  if (fresh) {
    const file = path.join(here, 'npm-install-time-sample.tsv');
    const kept = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '' && !/\tfresh$/.test(l));
    writeFileSync(file, `${[...kept, `# fresh part, pinned on ${date} before any verdict on it was seen`, ...rows.filter(Boolean)].join('\n')}\n`);
    console.log(`${rows.filter(Boolean).length} of ${picked.length} pinned (fresh part)`);
    return;
  }
  const head = installTime
    ? `# honest npm, install-time behaviour beyond the top 1,000 (hand-written list, see bench/npm-sample-list.ts; halves by name hash), latest versions on ${date}\n# name\tversion\trank\thalf\n`
    : `# honest npm sample: every 4th of top-packages/npm.json by rank (1, 5, 9, … tuned; 3, 7, 11, … held-out), latest versions on ${date}\n# name\tversion\trank\thalf\n`;
  writeFileSync(path.join(here, installTime ? 'npm-install-time-sample.tsv' : 'npm-top-sample.tsv'), head + rows.filter(Boolean).join('\n') + '\n');
  console.log(`${rows.filter(Boolean).length} of ${picked.length} pinned`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

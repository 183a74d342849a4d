/**
 * The package file scanner (shared/packages/analysis/file-scan.ts `scanText`) on adversarial text: a long unclosed
 * string followed by thousands of partial calls, at three sizes, per language. Time should grow with the size, not
 * faster (each row doubles it). The unit suite only checks that it finishes; the numbers live here.
 *
 *   npx tsx bench/scan-text-adversarial.ts
 */
import { scanText } from '../shared/packages/analysis/file-scan.js';

const input = (k: number) => `'${'A'.repeat(500_000 * k)}` + ' curl '.repeat(2500 * k) + 'Buffer.from('.repeat(2500 * k) + 'open('.repeat(5000 * k);
for (const lang of ['js', 'py', 'sh'] as const) {
  for (const k of [1, 2, 4]) {
    const text = input(k);
    const t0 = performance.now();
    scanText(text, { path: `x.${lang}`, lang });
    console.log(`${lang}\t${(text.length / 1e6).toFixed(1)} MB\t${(performance.now() - t0).toFixed(0)} ms`);
  }
}

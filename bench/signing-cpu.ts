/**
 * CPU per EIP-191 signature of a 32-byte digest, in this process: ethers' `Wallet.signMessageSync` against the
 * service's signer (shared/secp256k1-sign.ts, the same signature), alternated in rounds so that both meet the
 * same machine load; the best round of each is printed, with the median. Also the skill parse of the suites'
 * small skill (the worker's one parse per verdict), for scale. Every signature compared is checked equal.
 *
 *   node dist/bench/signing-cpu.js [rounds=8] [signatures per round=400]   (or node --import tsx bench/signing-cpu.ts)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Wallet } from 'ethers';
import { signDigestEip191 } from '../shared/secp256k1-sign.js';
import { parseSkill } from '../shared/skills/parse.js';
import { skillMd } from '../test/support/harness.js';
import { machine, median } from './support.js';

const ROUNDS = Number(process.argv[2] ?? 8);
const PER_ROUND = Number(process.argv[3] ?? 400);

const wallets = Array.from({ length: 8 }, () => Wallet.createRandom() as unknown as Wallet);
const digests = Array.from({ length: PER_ROUND }, () => new Uint8Array(randomBytes(32)));
const small = skillMd({ name: 'bench-skill' });

const cases: Record<string, (i: number) => unknown> = {
  'ethers signMessageSync': (i) => wallets[i % wallets.length]!.signMessageSync(digests[i]!),
  'signDigestEip191 (service)': (i) => signDigestEip191(wallets[i % wallets.length]!, digests[i]!),
  'parseSkill, small skill': () => parseSkill(small, { field: 'skillMdContent' }),
};

// Warm-up (JIT, the generator's table) and the equality check.
for (let i = 0; i < PER_ROUND; i++) {
  const w = wallets[i % wallets.length]!;
  if (signDigestEip191(w, digests[i]!) !== w.signMessageSync(digests[i]!)) throw new Error(`signature ${i} differs from ethers'`);
  parseSkill(small, { field: 'skillMdContent' });
}

const perRound = new Map<string, number[]>(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of Object.entries(cases)) {
    const start = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) f(i);
    const used = process.cpuUsage(start);
    perRound.get(name)!.push((used.user + used.system) / PER_ROUND);
  }
}

const load = loadavg();
console.log(`# CPU per operation, ${ROUNDS} rounds of ${PER_ROUND}, ${machine()}, load average ${load.map((l) => l.toFixed(1)).join(' ')}\n`);
console.log('| operation | best round µs | median round µs |');
console.log('| --- | ---: | ---: |');
for (const [name, us] of perRound) console.log(`| ${name} | ${Math.min(...us).toFixed(0)} | ${median(us).toFixed(0)} |`);

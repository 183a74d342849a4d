/**
 * Gas per certificate: one transaction per certificate (registry version 1, `commit`) against one
 * Merkle root per batch (version 2, `commitBatch`), on a private anvil started here (nothing else runs
 * on it). Gas is deterministic for given calldata and storage, so one run gives the numbers; no timing
 * is measured. Goal (docs/benchmarks.md): at 100 certificates per batch, at most 1/50 of the gas of
 * one transaction per certificate.
 *
 *   node --import tsx bench/chain-batches.ts [--sizes 1,10,100,1000] [--v1 100]
 */
import { randomUUID, createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { certificateRegistryArtifact, certificateRegistryV1Artifact } from '../shared/chain/artifacts.js';
import { certificateIdToBytes32 } from '../shared/chain/ids.js';
import { startAnvil } from '../shared/chain/local-chain.js';
import { buildBatchTree } from '../shared/chain/merkle.js';
import { ANVIL_ACCOUNTS } from '../shared/chain-presets.js';
import { freePort } from '../test/support/anvil.js';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1,10,100,1000' }, v1: { type: 'string', default: '100' } } });
const sizes = values.sizes!.split(',').map(Number);
const v1Count = Number(values.v1);

const sha = () => `0x${createHash('sha256').update(randomUUID()).digest('hex')}`;
const certs = (n: number) => Array.from({ length: n }, () => ({ certificateId: randomUUID(), payloadHash: sha() }));

const anvil = await startAnvil({ port: await freePort() });
const provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { cacheTimeout: -1 });
const signer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].key, provider));
try {
  const deploy = async (a: typeof certificateRegistryArtifact) => {
    const c = await new ContractFactory(a.abi, a.bytecode, signer).deploy(ANVIL_ACCOUNTS[1].address);
    await c.waitForDeployment();
    return new Contract(await c.getAddress(), a.abi, signer);
  };
  const v1 = await deploy(certificateRegistryV1Artifact);
  const v2 = await deploy(certificateRegistryArtifact);

  // Version 1: one transaction per certificate.
  let v1Gas = 0n;
  const v1Each: number[] = [];
  for (const c of certs(v1Count)) {
    const r = await (await v1.getFunction('commit')(certificateIdToBytes32(c.certificateId), c.payloadHash)).wait();
    v1Gas += r.gasUsed;
    v1Each.push(Number(r.gasUsed));
  }
  const v1PerCert = Number(v1Gas) / v1Count;

  // Version 2: one transaction per batch, whatever its size.
  const rows: { size: number; gas: number; perCert: number; ratio: number; proofLen: number; verifyGas: number }[] = [];
  for (const n of sizes) {
    const batch = certs(n);
    const tree = buildBatchTree(batch);
    const r = await (await v2.getFunction('commitBatch')(tree.root, n)).wait();
    const gas = Number(r.gasUsed);
    // What a consumer's on-chain check costs (an eth_call is free; this is for a contract that checks in a transaction).
    const last = tree.proofs[n - 1]!;
    const verifyGas = Number(await v2.getFunction('verifyInclusion').estimateGas(certificateIdToBytes32(batch[n - 1]!.certificateId), batch[n - 1]!.payloadHash, tree.root, last.proof)) - 21000;
    rows.push({ size: n, gas, perCert: gas / n, ratio: gas / n / v1PerCert, proofLen: last.proof.length, verifyGas });
  }

  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  process.stdout.write(`\nanvil (default hardfork), contracts compiled with the committed artifacts (optimizer on, 200 runs)\n\n`);
  process.stdout.write(`one transaction per certificate (version 1 commit), ${v1Count} certificates: ${fmt(v1PerCert)} gas each (min ${fmt(Math.min(...v1Each))}, max ${fmt(Math.max(...v1Each))})\n\n`);
  process.stdout.write('| certificates per batch | gas per batch | gas per certificate | vs one tx per certificate | proof length | verifyInclusion gas (in a tx, excl. 21,000) |\n');
  process.stdout.write('| ---: | ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of rows) process.stdout.write(`| ${r.size} | ${fmt(r.gas)} | ${fmt(r.perCert)} | 1/${Math.round(1 / r.ratio)} | ${r.proofLen} | ${fmt(r.verifyGas)} |\n`);
  const at100 = rows.find((r) => r.size === 100);
  if (at100) process.stdout.write(`\nat 100 per batch: ${fmt(at100.perCert)} gas per certificate = 1/${Math.round(1 / at100.ratio)} of one transaction per certificate (goal: at most 1/50)\n`);
} finally {
  provider.destroy();
  await anvil.stop();
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID, createHash } from 'node:crypto';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { buildBatchTree, leafOf, rootFromProof } from '../../shared/chain/merkle.js';
import { certificateIdToBytes32 } from '../../shared/chain/ids.js';

const sha = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;
const batch = (n: number) => Array.from({ length: n }, () => ({ certificateId: randomUUID(), payloadHash: sha(randomUUID()) }));

test('every certificate of a batch proves its leaf into the root, for sizes 1 to 130', () => {
  for (const n of [1, 2, 3, 7, 64, 100, 130]) {
    const certs = batch(n);
    const tree = buildBatchTree(certs);
    assert.is(tree.proofs.length, n);
    for (const [i, c] of certs.entries()) {
      const p = tree.proofs[i]!;
      assert.is(p.index, i, 'index is the position in the batch');
      assert.is(p.batchSize, n);
      assert.is(p.root, tree.root);
      assert.is(p.leaf, leafOf(c.certificateId, c.payloadHash));
      assert.is(rootFromProof(p.leaf, p.proof), tree.root, `n=${n} i=${i}`);
      // The library's own verifier agrees (what a consumer using @openzeppelin/merkle-tree runs).
      assert.ok(StandardMerkleTree.verify(tree.root, ['bytes32', 'bytes32'], [certificateIdToBytes32(c.certificateId), c.payloadHash], p.proof));
    }
    assert.ok(Math.max(...tree.proofs.map((p) => p.proof.length)) <= Math.ceil(Math.log2(n)));
  }
});

test('a proof does not carry another payload hash, another certificate, or another batch', () => {
  const certs = batch(10);
  const tree = buildBatchTree(certs);
  const p = tree.proofs[3]!;
  assert.is.not(rootFromProof(leafOf(certs[3]!.certificateId, sha('tampered')), p.proof), tree.root);
  assert.is.not(rootFromProof(leafOf(randomUUID(), certs[3]!.payloadHash), p.proof), tree.root);
  assert.is.not(rootFromProof(leafOf(certs[4]!.certificateId, certs[4]!.payloadHash), p.proof), tree.root);
  assert.is.not(buildBatchTree(batch(10)).root, tree.root);
  // The same certificates in the same order give the same root: a sealed batch re-sent is the same commitment.
  assert.is(buildBatchTree(certs.map((c) => ({ ...c }))).root, tree.root);
});

test('an empty batch and malformed leaves are refused', () => {
  assert.throws(() => buildBatchTree([]), /at least one/);
  assert.throws(() => buildBatchTree([{ certificateId: 'nope', payloadHash: sha('x') }]), /UUID/);
  assert.throws(() => buildBatchTree([{ certificateId: randomUUID(), payloadHash: '0x12' }]), /payload hash/);
});

test.run();

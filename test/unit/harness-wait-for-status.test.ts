/**
 * The e2e suites' wait for a submission's state (test/support/harness.ts, waitForStatus): a submission
 * that ends in another final state fails the wait at once and says why (its findings), instead of the
 * suite waiting out the timeout and saying only "timed out"; a timeout says the last state seen.
 * A small HTTP server plays the submission detail endpoint.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { client, waitForStatus } from '../support/harness.js';

/** Serves GET /cert/v1/submissions/:id as the next body of `bodies` (the last one repeats). */
async function serving(bodies: unknown[]): Promise<{ url: string; reads: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((_req, res) => {
    const body = bodies[Math.min(n++, bodies.length - 1)];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reads: () => n, close: () => new Promise((r) => server.close(() => r())) };
}

const failed = {
  submissionId: 's1',
  status: 'SANDBOX_FAILED',
  findings: [{ ruleId: 'LIMIT-TIME-001', severity: 'HIGH', blocking: true, category: 'analysis_limit', message: 'The analysis was cut off at its 2000 ms time budget.' }],
};

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the wait to fail');
}

test('a submission that reaches another final state fails the wait at once, with its state and findings', async () => {
  const s = await serving([{ status: 'PENDING_SANDBOX' }, failed]);
  try {
    const err = await rejection(waitForStatus(client(s.url), 's1', ['APPROVED'], 60_000));
    assert.match(err.message, /submission s1 reached SANDBOX_FAILED, not APPROVED/);
    assert.match(err.message, /LIMIT-TIME-001 HIGH blocking: The analysis was cut off at its 2000 ms time budget/);
    assert.is(s.reads(), 2, 'no read after the final state');
  } finally {
    await s.close();
  }
});

test('the awaited state is answered with the submission, a final one too; a state that is not final is waited past', async () => {
  const s = await serving([{ status: 'PENDING_SANDBOX' }, { status: 'ESCALATED' }, { status: 'APPROVED', certificate: { certifiedVersion: '1.0.0' } }]);
  try {
    const got = await waitForStatus(client(s.url), 's1', ['APPROVED'], 60_000);
    assert.equal(got, { status: 'APPROVED', certificate: { certifiedVersion: '1.0.0' } });
  } finally {
    await s.close();
  }
  const f = await serving([failed]);
  try {
    assert.is((await waitForStatus(client(f.url), 's1', ['APPROVED', 'SANDBOX_FAILED'])).status, 'SANDBOX_FAILED');
  } finally {
    await f.close();
  }
});

test('`terminal` says which states end the wait (a test waiting past a dispute); a timeout names the last state seen', async () => {
  const s = await serving([failed]);
  try {
    const err = await rejection(waitForStatus(client(s.url), 's1', ['PENDING_AUDIT'], 400, { terminal: [] }));
    assert.match(err.message, /timed out after 400 ms waiting for submission s1 to reach PENDING_AUDIT; last seen:\n {2}status SANDBOX_FAILED/);
    assert.match(err.message, /LIMIT-TIME-001/);
  } finally {
    await s.close();
  }
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { logged, repoRoot, startWeb, startWorker, stopAll } from '../support/harness.js';
import { closeDb, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { launchBrowser, watchedPage } from '../support/browser.js';
import { startFakePypi, type FakeServer } from '../support/fake-registries.js';
import { makeSdist } from '../support/archives.js';
import { deployLocal, fundUsdc } from '../../shared/chain/index.js';
import { callApi, tokenBalance } from '../support/wallet-api.js';

/**
 * The README walk-through (docs/walkthrough.md), done by a person in Chromium from a fresh start:
 * the steps, the files typed in and the screenshots come from that document, so the two cannot drift.
 * `npm run docs:screenshots` runs this suite with CERT_WALKTHROUGH_SHOTS=1 to write docs/img/walkthrough-*.png.
 */
const t = suite('walk-through: development wallet, token, draft with package.json and requirements.txt, preview, pay, packages audited, verdict, certificate (real Chromium)');

const DOC = path.join(repoRoot, 'docs', 'walkthrough.md');
const IMG = path.join(repoRoot, 'docs', 'img');
const shots = Boolean(process.env.CERT_WALKTHROUGH_SHOTS);

/** What this test does, in order: each is a numbered heading of the document, with its screenshot. */
const STEPS = [
  ['Sign in with the development wallet', ['walkthrough-1-sign-in.png']],
  ['Create a developer token', ['walkthrough-2-token.png']],
  ['Draft the submission and preview its packages', ['walkthrough-3-preview.png']],
  ['Submit: the price asked is the price previewed', ['walkthrough-4-payment.png']],
  ['Pay with the development wallet and watch the packages being audited', ['walkthrough-5-packages.png']],
  ['Watch the verdict arrive', ['walkthrough-6-verdict.png']],
  ['Open the certificate page', ['walkthrough-7-certificate.png', 'walkthrough-7-certificate-packages.png']],
] as const;

const doc = readFileSync(DOC, 'utf8');
/** A file the document asks the reader to type in: the fenced block whose info string names it. */
function fileOf(name: string): string {
  const m = new RegExp('```\\w+ ' + name.replace('.', '\\.') + '\\n([\\s\\S]*?)```').exec(doc);
  if (!m) throw new Error(`docs/walkthrough.md has no block for ${name}`);
  return m[1]!;
}

let chain: TestChain;
let pypi: FakeServer;
let releaseDownload: () => void = () => {};
const downloadHeld = new Promise<void>((resolve) => {
  releaseDownload = resolve;
});
let base: string;
let usdc: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
// The installation's development wallet, as `npm start` makes and funds it (1,000 test USDC).
const devWallet = Wallet.createRandom();

t.before(
  logged(async () => {
    useDb();
    const wanted = /^six==(\S+)$/m.exec(fileOf('requirements.txt'));
    assert.ok(wanted, 'the walk-through pins one PyPI package');
    // A local stand-in for PyPI serving that pinned version (benign, small). Its file is held until the
    // page has been seen showing the audit running (step 5), as a slow real download would be; without
    // the hold a fast machine can finish the audit between two reads of the page.
    pypi = await startFakePypi(
      { six: { [wanted![1]!]: { files: [{ filename: `six-${wanted![1]}.tar.gz`, content: makeSdist('six', wanted![1]!, { 'six.py': '"""Small compatibility helpers."""\n\n\ndef ensure_text(s):\n    return s if isinstance(s, str) else s.decode("utf-8")\n', 'setup.py': `from setuptools import setup\nsetup(name="six", version="${wanted![1]}", py_modules=["six"])\n` }) }] } } },
      { beforeFile: () => downloadHeld },
    );
    chain = await startTestChain();
    usdc = (await deployLocal(chain.cfg)).usdcAddress;
    await fundUsdc(devWallet.address, '1000', chain.cfg);
    const env = { PORTAL_DEV_WALLET_KEY: devWallet.privateKey, CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, PYPI_URL: pypi.baseUrl, PORTAL_POLL_INTERVAL_MS: '500' };
    base = (await startWeb(env)).url;
    await startWorker(env);
    browser = await launchBrowser();
    if (shots) mkdirSync(IMG, { recursive: true });
  }),
);

t.after(async () => {
  await browser?.cleanup();
  await stopAll();
  await chain?.stop();
  releaseDownload();
  await pypi?.close();
  await closeDb();
});

t('docs/walkthrough.md numbers these steps in this order, each with its screenshot', () => {
  const headings = [...doc.matchAll(/^### (\d+)\. (.+)$/gm)].map((m) => [Number(m[1]), m[2]]);
  assert.equal(
    headings,
    STEPS.map(([title], i) => [i + 1, title]),
  );
  for (const [, imgs] of STEPS) {
    for (const img of imgs) {
      assert.ok(doc.includes(`](img/${img})`), `the document shows img/${img}`);
      if (!shots) assert.ok(existsSync(path.join(IMG, img)), `docs/img/${img} exists (npm run docs:screenshots)`);
    }
  }
  assert.match(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'), /\]\(docs\/walkthrough\.md\)/, 'the README links the walk-through');
});

t('the walk-through, step by step, in a browser with no wallet extension', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 720 } });
  const page = await watchedPage(ctx);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  /** The step's screenshot (its n-th image): the page's viewport, or one element of it. */
  const shot = async (step: number, target: { screenshot(o: { path: string; animations?: 'disabled'; caret?: 'hide' }): Promise<unknown> } = page, n = 0) => {
    if (shots) await target.screenshot({ path: path.join(IMG, STEPS[step - 1]![1][n]!), animations: 'disabled', caret: 'hide' });
  };
  const skill = fileOf('SKILL.md');
  const skillName = /^name: (.+)$/m.exec(skill)![1]!;

  // 1. Sign in with the development wallet.
  await page.goto(`${base}/portal/sign-in`);
  const section = page.locator('#dev-wallet');
  assert.match((await section.locator('h2').textContent()) ?? '', /Development wallet \(local test chain only\)/);
  assert.is(await page.locator('#dev-wallet-address').textContent(), devWallet.address);
  assert.is(await page.locator('#dev-wallet-balance').textContent(), '1000.0');
  await page.getByRole('button', { name: 'Sign in with the development wallet' }).click();
  await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
  assert.is(await page.locator('#signed-in').getAttribute('data-wallet'), devWallet.address);
  await shot(1);

  // 2. Create a developer token (for scripts and CI; the portal itself needs none once signed in).
  await page.getByRole('link', { name: 'create a developer token', exact: true }).click();
  await page.getByLabel('Label (optional)').fill('my laptop');
  await page.getByRole('button', { name: 'Create a developer token' }).click();
  await page.locator('#new-token').waitFor();
  const token = await page.locator('#new-token-value').inputValue();
  assert.match(token, /^cert_dev_/);
  await page.locator('#token-table td', { hasText: 'my laptop' }).waitFor();
  await shot(2);

  // 3. Draft the submission (CODE+PACKAGES, the skill file, package.json and requirements.txt) and preview its packages.
  await page.getByRole('link', { name: 'certify a skill', exact: true }).click();
  await page.locator('#submit-app').waitFor();
  await page.getByLabel('Product type').selectOption('CODE+PACKAGES');
  await page.getByLabel('Skill file (SKILL.md)').fill(skill);
  await page.locator('summary', { hasText: 'Dependency files' }).click();
  await page.getByLabel('package.json').fill(fileOf('package.json'));
  await page.getByLabel('requirements.txt').fill(fileOf('requirements.txt'));
  await page.getByRole('button', { name: 'Save the draft and preview packages' }).click();
  await page.locator('#preview-table td', { hasText: 'six' }).waitFor();
  const previewRows = await page.locator('#preview-table tbody tr').allInnerTexts();
  assert.is(previewRows.length, 2, previewRows.join('\n'));
  // On a fresh installation both are to audit. The suites of one test lane share a database, and an earlier suite
  // may have certified the real npm package already: then it is CERTIFIED here and costs nothing.
  const toAudit = ['left-pad', 'six'].filter((name) => previewRows.some((r) => r.includes(name) && r.includes('TO_AUDIT')));
  for (const name of ['left-pad', 'six']) assert.ok(previewRows.some((r) => r.includes(name) && /TO_AUDIT|CERTIFIED/.test(r)), `${name} is to audit: ${previewRows.join(' | ')}`);
  assert.ok(toAudit.includes('six'), `six (served only by this suite's registry) is to audit: ${previewRows.join(' | ')}`);
  const audits = `${toAudit.length} package audits?`;
  const facts = (await page.locator('#preview-facts').textContent()) ?? '';
  const priced = new RegExp(`Price of the submission\\$(\\d+\\.\\d\\d) = product \\$(\\d+\\.\\d\\d) \\+ ${audits} \\$(\\d+\\.\\d\\d)`).exec(facts);
  assert.ok(priced, facts);
  assert.is((Number(priced![2]) + Number(priced![3])).toFixed(2), priced![1], 'the total is the product plus the audits');
  await shot(3, page.locator('#preview'));

  // 4. Submit: the payment asks exactly the previewed price.
  await page.getByLabel('Product URL').fill('https://example.com/markdown-summariser');
  const before = await tokenBalance(chain.cfg.rpcUrl, usdc, devWallet.address);
  await page.getByRole('button', { name: 'Submit for certification' }).click();
  const pay = page.getByRole('button', { name: 'Pay with the development wallet (test USDC)' });
  await pay.waitFor();
  assert.is((await page.locator('#pay-amount').textContent())!.split(' ')[0], priced![1]);
  assert.is(await page.locator('#pay-asset').textContent(), usdc);
  assert.match((await page.locator('#pay-description').textContent()) ?? '', new RegExp(audits));
  await shot(4, page.locator('#payment'));

  // 5. Pay with the development wallet; the submission page shows each package while it is audited.
  await pay.click();
  await page.waitForURL(/\/portal\/submissions\/[0-9a-f-]{36}$/, { timeout: 30000 });
  const submissionId = page.url().split('/').pop()!;
  await page.locator('#package-table tr[data-status="PENDING"]').first().waitFor({ timeout: 60000 });
  // (rows appear while the versions are still being resolved: the line says "Resolving…" until the audits start)
  await page.locator('#sub-packages-line', { hasText: /^Auditing: \d of 2 direct dependencies done/ }).waitFor({ timeout: 30000 });
  assert.ok((await page.locator('#package-table td', { hasText: 'being audited' }).count()) >= 1);
  await shot(5, page.locator('#sub-packages'));
  releaseDownload();
  assert.is(before - (await tokenBalance(chain.cfg.rpcUrl, usdc, devWallet.address)), BigInt(Math.round(Number(priced![1]) * 1e6)), 'paid the previewed price, once');

  // 6. The verdict arrives: every package certified, then the council's approval.
  await page.locator('#sub-status-line', { hasText: 'Approved' }).waitFor({ timeout: 120000 });
  assert.is(await page.locator('#package-table tr[data-status="CERTIFIED"]').count(), 2);
  assert.match((await page.locator('#sub-packages-line').textContent()) ?? '', /^All 2 direct dependencies settled/);
  await page.locator('#sub-certificate').waitFor();
  // Status, progress and packages in one picture: a taller window, from the top.
  await page.setViewportSize({ width: 1024, height: 1000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(6);
  await page.setViewportSize({ width: 1024, height: 720 });

  // 7. The certificate page: valid, owned by the wallet, with both packages and their audited versions.
  await page.locator('#certificate-link').click();
  await page.waitForURL(/\/certificates\/[0-9a-f-]{36}$/);
  assert.is((await page.locator('h1').innerText()).split(/\s+/)[0], skillName);
  assert.is((await page.locator('#verify + dl.facts dd').first().innerText()).trim(), 'valid');
  assert.is((await page.locator('dt:text-is("Owner") + dd').innerText()).trim(), devWallet.address);
  await shot(7);
  const packagesSection = page.locator('section[aria-labelledby="packages"]');
  const packages = await packagesSection.innerText();
  assert.match(packages, /left-pad \(npm\)\s+1\.3\.0\s+1\.3\.0/);
  assert.match(packages, /six \(pypi\)\s+==1\.16\.0\s+1\.16\.0/);
  await shot(7, packagesSection, 1);

  // The token made in step 2 reads the same developer's submissions from a script.
  const mine = await callApi(base, 'GET', '/api/v1/cert/dev/submissions', { token });
  assert.ok(mine.body.items.some((i: { submissionId: string }) => i.submissionId === submissionId));
  assert.equal(page.problems, []);
  assert.is(dialogs, 0);
  await ctx.close();
});

t.run();

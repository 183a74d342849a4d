import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { client, logged, repoRoot, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitForStatus } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { launchBrowser, watchedPage } from '../support/browser.js';
import { startFakePypi, type FakeServer } from '../support/fake-registries.js';
import { makeSdist } from '../support/archives.js';
import { RULES } from '../../shared/sandbox/rules.js';

/**
 * The certificate browser in real Chromium: search → certificate page → badge, the
 * live state on page and badge, payloads in a skill's name and description shown as text, HTML error
 * pages for bad input, and every page readable without JavaScript.
 */
const t = suite('pages: certificate browser and badge');
let web: Awaited<ReturnType<typeof startWeb>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let api: ReturnType<typeof client>;
let pypi: FakeServer;
const ids: Record<'weather' | 'xss' | 'suspended' | 'packaged', string> = { weather: '', xss: '', suspended: '', packaged: '' };

/** Each payload sets window.__xss (or opens a dialog) if it ever runs. */
const XSS_NAME = '<img src=x onerror=window.__xss=1>';
/** A subprocess call: a non-blocking finding the certificate keeps as a warning, with its fix. */
const PACKAGED_BODY = '# Add\n\nRun the helper:\n\n```python\nimport subprocess\nsubprocess.run(["python3", "-m", "sitelib.add", "1", "2"])\n```\n\nTell the user the sum.\n';
const REVOKE_REASON = 'key leaked <img src=x onerror=window.__xss=4>';
const XSS_DESCRIPTION = 'Summarises notes <script>window.__xss=2</script> and <img src=x onerror="window.__xss=3;alert(3)"> harmlessly.';

t.before(
  logged(async () => {
    useDb();
    // One PyPI dependency with a published advisory, for the packages on the certificate and the package page.
    const files = { 'sitelib/__init__.py': 'def add(a, b):\n    return a + b\n', 'setup.py': 'from setuptools import setup\nsetup(name="sitelib", version="1.0.0", packages=["sitelib"])\n' };
    pypi = await startFakePypi({
      sitelib: { '1.0.0': { files: [{ filename: 'sitelib-1.0.0.tar.gz', content: makeSdist('sitelib', '1.0.0', files) }], vulnerabilities: [{ id: 'PYSEC-2026-7', summary: 'Example <b>advisory</b>', fixed_in: ['1.0.1'] }] } },
    });
    const env = { PYPI_URL: pypi.baseUrl };
    await startWorker(env);
    web = await startWeb(env);
    api = client(web.url, await newActorKey());
    const submit = async (name: string, description: string, extra: Parameters<typeof skillMd>[0] = {}, more: Record<string, unknown> = { categoryKey: 'SKILL' }) => {
      const sub = await api.post('/cert/v1/submissions/submit', { ...more, skillMdContent: skillMd({ name, description, ...extra }), idempotencyKey: uuid() });
      assert.is(sub.status, 201, JSON.stringify(sub.body));
      return sub.body.submissionId as string;
    };
    const subs = await Promise.all([
      submit('site-weather-report', 'Reports the weather forecast for a city the user names.', {
        externalCalls: ['https://api.weather.example'],
        body: '# Weather\n\nFetch the forecast from https://api.weather.example/v1/forecast?city=NAME and tell the user tomorrow\'s weather.\n',
      }),
      submit(XSS_NAME, XSS_DESCRIPTION),
      submit('site-suspended-skill', 'Counts the words of the document the user gives you.'),
      submit('site-packaged-skill', 'Adds two numbers with a small helper library.', { capabilities: ['shell'], body: PACKAGED_BODY }, { categoryKey: 'CODE+PACKAGES', dependencyFiles: { 'requirements.txt': 'sitelib==1.0.0\n' } }),
    ]);
    const done = await Promise.all(subs.map((s) => waitForStatus(api, s, ['APPROVED'], 90000)));
    [ids.weather, ids.xss, ids.suspended, ids.packaged] = done.map((d) => d.skillId as string);
    const r = await runCli(['certificate', 'revoke', ids.suspended, '--reason', REVOKE_REASON]);
    assert.is(r.status, 0, r.stderr);
    browser = await launchBrowser();
  }),
);

t.after(async () => {
  await browser?.cleanup();
  await stopAll();
  await pypi?.close();
  await closeDb();
});

/** With PAGES_SCREENSHOTS=1 the suite saves the screenshots of docs/certificates.md (docs/screenshots/site-*.png, 1280×800). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.PAGES_SCREENSHOTS) return;
  mkdirSync(path.join(repoRoot, 'docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot, 'docs', 'screenshots', `site-${name}.png`) });
}

const VIEWPORT = { width: 1280, height: 800 };
const json = async (p: string) => (await fetch(`${web.url}${p}`)).json() as Promise<any>;

t('search → certificate page → badge: the page shows the live verify answer, the disclaimer verbatim, the hash and the badge to copy', async () => {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
  const page = await watchedPage(ctx);
  await page.goto(`${web.url}/`);
  await screenshot(page, 'start');
  await page.getByLabel('Search certificates').fill('weather forecast');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/certificates\?q=weather\+forecast/);
  assert.match(await page.getByRole('status').innerText(), /^1 certificate/);
  await screenshot(page, 'search');
  await page.getByRole('link', { name: 'site-weather-report' }).click();
  await page.waitForURL(`${web.url}/certificates/${ids.weather}`);
  await screenshot(page, 'certificate');

  const verify = await json(`/api/v1/public/certificates/${ids.weather}/verify`);
  const integrity = await json(`/api/v1/public/certificates/${ids.weather}/source-integrity`);
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), `site-weather-report v${verify.skillVersion}`);
  const panel = page.locator('section[aria-labelledby="verify"]');
  assert.match(await panel.innerText(), /Valid\s+valid/);
  assert.match(await panel.innerText(), /Status\s+APPROVED/);
  assert.is(await panel.locator('[data-field="activeFlagCount"]').innerText(), '0');
  assert.match(await panel.innerText(), new RegExp(`Security level\\s+${verify.securityLevel}`));
  assert.match(await panel.innerText(), new RegExp(`Sandbox risk level\\s+${verify.sandboxRiskLevel}`));
  assert.ok(verify.apiDisclaimer, 'a skill with an external call carries the API disclaimer');
  assert.is(await page.locator('.disclaimer').innerText(), verify.apiDisclaimer);
  assert.is(await page.locator('#sha').innerText(), integrity.canonicalSha256);
  assert.match(await page.locator('#check-command').inputValue(), new RegExp(`= "${integrity.canonicalSha256}" \\] && echo OK`));
  assert.match(await page.locator('section[aria-labelledby="manifest"]').innerText(), /https:\/\/api\.weather\.example/);
  assert.match(await page.locator('section[aria-labelledby="onchain"]').innerText(), /Not yet committed/);
  assert.match(await page.locator('section[aria-labelledby="flags"]').innerText(), /0 open, 0 confirmed, 0 dismissed/);

  // The badge to copy points at the live SVG; the page's <img> of it loads; Copy announces itself.
  const markdown = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  assert.is(markdown, `[![cert certificate of site-weather-report](${web.url}/badge/${ids.weather}.svg)](${web.url}/certificates/${ids.weather})`);
  assert.ok(await page.locator('section[aria-labelledby="badge"] img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  await page.getByRole('button', { name: 'Copy Markdown' }).click();
  await page.waitForFunction(() => document.querySelector('#badge-markdown ~ .copy-status')?.textContent === 'Copied');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), markdown);

  const badge = await page.request.get(`${web.url}/badge/${ids.weather}.svg`);
  assert.is(badge.status(), 200);
  assert.match(badge.headers()['content-type'] ?? '', /^image\/svg\+xml/);
  assert.match(badge.headers()['cache-control'] ?? '', /max-age=(6\d|[1-2]\d\d|300)\b/);
  const svg = await badge.text();
  assert.match(svg, /<title>cert: certified<\/title>/);
  assert.not.match(svg, /suspended/);
  assert.equal(page.problems, []);
  await ctx.close();
});

t('a skill with packages: its page lists them with level and advisories, and links to the package page', async () => {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await watchedPage(ctx);
  const pkg = await json('/api/v1/public/packages/pypi/sitelib/1.0.0/verify');
  await page.goto(`${web.url}/certificates/${ids.packaged}`);
  const verify = await json(`/api/v1/public/certificates/${ids.packaged}/verify`);
  const warning = verify.retainedWarnings.find((w: any) => w.ruleId === 'SHELL-EXEC-002');
  assert.ok(warning, JSON.stringify(verify.retainedWarnings));
  const warningRow = await page.locator('section[aria-labelledby="warnings"] tbody tr', { hasText: 'SHELL-EXEC-002' }).first().innerText();
  assert.ok(warningRow.includes(warning.message), warningRow);
  assert.ok(warningRow.includes(RULES.subprocess.fix), warningRow);
  if (process.env.PAGES_SCREENSHOTS) await page.evaluate(() => document.getElementById('warnings')?.scrollIntoView());
  await screenshot(page, 'certificate-warnings-packages');
  const row = page.locator('section[aria-labelledby="packages"] tbody tr', { hasText: 'sitelib' });
  const text = await row.innerText();
  assert.match(text, /==1\.0\.0/);
  assert.match(text, new RegExp(`\\b${pkg.securityLevel}\\b`));
  assert.ok(text.includes(pkg.registryAdvisorySummary.text), `${text} / ${pkg.registryAdvisorySummary.text}`);
  await row.getByRole('link', { name: '1.0.0' }).click();
  await page.waitForURL(`${web.url}/packages/pypi/sitelib/1.0.0`);
  await screenshot(page, 'package');
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), 'sitelib 1.0.0');
  const verdict = await page.locator('section[aria-labelledby="verdict"]').innerText();
  assert.match(verdict, /Valid\s+valid/);
  assert.ok(verdict.includes(pkg.distributionSha256));
  const adv = await page.locator('section[aria-labelledby="advisories"]').innerText();
  assert.match(adv, /PYSEC-2026-7/);
  assert.ok(adv.includes(pkg.registryAdvisories[0].title), adv);
  assert.is(await page.locator('main b').count(), 0, 'an advisory title is text, not markup');
  assert.equal(page.problems, []);
  await ctx.close();
});

t('a suspended certificate: the badge says suspended and the page says not valid, with the reason', async () => {
  const svg = await (await fetch(`${web.url}/badge/${ids.suspended}.svg`)).text();
  assert.match(svg, /<title>cert: suspended<\/title>/);
  assert.not.match(svg, /certified/);
  const unknown = await fetch(`${web.url}/badge/${uuid()}.svg`);
  assert.is(unknown.status, 200);
  assert.match(await unknown.text(), /<title>cert: unknown<\/title>/);

  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await watchedPage(ctx);
  await page.goto(`${web.url}/certificates/${ids.suspended}`);
  const panel = await page.locator('section[aria-labelledby="verify"]').innerText();
  assert.match(panel, /Valid\s+not valid/);
  assert.ok(panel.includes(`SUSPENDED Revoked: ${REVOKE_REASON}`), panel);
  assert.is(await page.locator('main img[src="x"]').count(), 0);
  assert.is(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
  await screenshot(page, 'suspended');
  assert.equal(page.problems, []);
  await ctx.close();
});

t('a skill whose name and description hold <script> and <img onerror> renders them as text, and nothing runs', async () => {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await watchedPage(ctx);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const verify = await json(`/api/v1/public/certificates/${ids.xss}/verify`);
  const cert = await json(`/api/v1/public/certificates/${ids.xss}`);
  await page.goto(`${web.url}/certificates/${ids.xss}`);
  // The name is whatever the certificate says (the parser may have normalised it): shown exactly, as text.
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), `${verify.skillName} v${verify.skillVersion}`);
  assert.is(cert.certificate.skill.description, XSS_DESCRIPTION);
  assert.is(await page.locator('main > p').nth(1).innerText(), XSS_DESCRIPTION);
  await page.goto(`${web.url}/certificates?q=harmlessly`);
  assert.match(await page.locator('ul.results').innerText(), /<script>window\.__xss=2<\/script>/);
  for (const url of [`${web.url}/certificates/${ids.xss}`, `${web.url}/certificates?q=${encodeURIComponent(XSS_NAME)}`]) {
    await page.goto(url);
    await page.waitForLoadState('load');
    assert.is(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    assert.is(await page.locator('main script, main img[src="x"]').count(), 0);
  }
  // The search box keeps the query as its value, never as markup.
  assert.is(await page.getByLabel('Search certificates').inputValue(), XSS_NAME);
  assert.equal(dialogs, []);
  assert.equal(page.problems, []);
  await ctx.close();
});

t('bad input gets an HTML page with the right status and code, never a stack trace', async () => {
  const cases: [string, number, string][] = [
    [`/certificates/${uuid()}`, 404, 'not_found'],
    ['/certificates/not-a-skill-id', 404, 'not_found'],
    ['/agents/0x123', 400, 'invalid_wallet_address'],
    ['/validators/0xZZZZ6053F3E94C9b9A09f33669435E7Ef1BeAed', 400, 'invalid_wallet_address'],
    [`/certificates?q=${'a'.repeat(201)}`, 400, 'invalid_field'],
    ['/certificates?limit=0', 400, 'invalid_field'],
    ['/packages/cargo/serde/1.0.0', 400, 'invalid_registry'],
    ['/packages/npm/@types/node/0.0.0-never', 404, 'not_found'],
    ['/badge/whatever.png', 404, 'page_not_found'],
  ];
  for (const [p, status, code] of cases) {
    const res = await fetch(`${web.url}${p}`);
    assert.is(res.status, status, p);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/, p);
    const html = await res.text();
    assert.ok(html.includes(`<code>${code}</code>`), `${p}: ${code} in ${html.slice(0, 400)}`);
    assert.not.match(html, /at .*\.js:\d+|node_modules/, p);
  }
  // Pages share the public API's per-IP limit; the refusal is an HTML page with Retry-After.
  const limited = await startWeb({ PYPI_URL: pypi.baseUrl, RATE_LIMIT_PUBLIC_PER_MIN: '3' });
  let refused: Response | undefined;
  for (let i = 0; i < 10 && !refused; i++) {
    const r = await fetch(`${limited.url}/certificates?q=weather`);
    if (r.status === 429) refused = r;
    else assert.is(r.status, 200);
  }
  assert.ok(refused, 'the fourth page request within a minute is refused');
  assert.match(refused!.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(refused!.headers.get('retry-after') ?? '', /^\d+$/);
  assert.ok((await refused!.text()).includes('<code>rate_limited</code>'));
  assert.is((await fetch(`${limited.url}/badge/${ids.weather}.svg`)).status, 200, 'the badge is not limited');
  await limited.stop('SIGKILL');

  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await watchedPage(ctx);
  const res = await page.goto(`${web.url}/agents/0x123`);
  assert.is(res?.status(), 400);
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), 'That request could not be read');
  assert.match(await page.locator('main').innerText(), /walletAddress must be a 0x-prefixed 20-byte hex address/);
  await ctx.close();
});

t('without JavaScript every page reads: start, search, certificate, agent and validator pages', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
  const page = await watchedPage(ctx);
  await page.goto(`${web.url}/`);
  assert.ok(await page.getByRole('link', { name: 'site-weather-report' }).isVisible());
  assert.is(await page.getByRole('link', { name: 'The agent skill file' }).getAttribute('href'), `${web.url}/skill.md`);
  assert.is(await page.getByRole('link', { name: 'The discovery manifest' }).getAttribute('href'), `${web.url}/.well-known/skill-store`);

  await page.goto(`${web.url}/certificates/${ids.weather}`);
  assert.match(await page.locator('section[aria-labelledby="verify"]').innerText(), /Valid\s+valid/);
  assert.match(await page.getByRole('textbox', { name: 'Markdown' }).inputValue(), /\/badge\/.*\.svg/);
  assert.is(await page.locator('#badge-markdown ~ button').count(), 0, 'the Copy button is an enhancement only');
  const headings = await page.locator('main h1, main h2, main h3').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  assert.is(headings.filter((h) => h === 1).length, 1);
  for (let i = 1; i < headings.length; i++) assert.ok(headings[i]! <= headings[i - 1]! + 1, `heading levels in order: ${headings}`);

  // The council's validators: each vote links to the validator's page, whose wallet links to its agent page.
  const cert = await json(`/api/v1/public/certificates/${ids.weather}`);
  const wallet = cert.certificate.council.votes[0].walletAddress as string;
  const work = await json(`/api/v1/public/cert/validators/${wallet}/work`);
  await page.getByRole('link', { name: wallet }).first().click();
  await page.waitForURL(`${web.url}/validators/${wallet}`);
  await screenshot(page, 'validator');
  assert.match(await page.getByRole('heading', { level: 1 }).innerText(), new RegExp(`Validator ${work.displayName ?? work.validatorKey}`));
  assert.match(await page.locator('section[aria-labelledby="standing"]').innerText(), new RegExp(`Reputation\\s+${work.reputation}`));
  assert.ok((await page.locator('section[aria-labelledby="votes"] tbody tr').count()) >= 1);
  // Older votes page by the directory API's cursor, as a plain link.
  assert.ok(work.items.length >= 2, "this suite's certificates gave the validator several votes");
  await page.goto(`${web.url}/validators/${wallet}?limit=1`);
  assert.is(await page.locator('section[aria-labelledby="votes"] tbody tr').count(), 1);
  const apiPage = await json(`/api/v1/public/cert/validators/${wallet}/work?limit=1`);
  await page.getByRole('link', { name: 'Older entries' }).click();
  await page.waitForURL(/cursor=/);
  assert.is(new URL(page.url()).searchParams.get('cursor'), apiPage.nextCursor, "the API's own next cursor");
  assert.is(await page.locator('section[aria-labelledby="votes"] tbody tr').count(), 1);
  const profile = await json(`/api/v1/public/agents/${wallet}`);
  await page.getByRole('link', { name: wallet }).click();
  await page.waitForURL(`${web.url}/agents/${wallet}`);
  assert.match(await page.locator('section[aria-labelledby="profile"]').innerText(), new RegExp(`Validator\\s+${profile.validator.validatorKey}`));
  assert.equal(page.problems, []);
  await ctx.close();
});

t.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startWeb, stopAll } from '../support/harness.js';
import { launchBrowser, watchedPage } from '../support/browser.js';

const t = suite('pages foundation: shell, headers, errors, real browser');
let web: Awaited<ReturnType<typeof startWeb>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

t.before(async () => {
  web = await startWeb();
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.cleanup();
  await stopAll();
});

t('the start page is HTML with a strict CSP, one stylesheet and a search form that works without JavaScript', async () => {
  const res = await fetch(`${web.url}/`);
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self'/);
  assert.not.match(csp, /unsafe-inline/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  const html = await res.text();
  assert.match(html, /^<!doctype html><html lang="en">/);
  assert.not.match(html, /<script>|<style>|style="| on[a-z]+="/i);

  const css = await fetch(`${web.url}/assets/site.css`);
  assert.is(css.status, 200);
  assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
  const etag = css.headers.get('etag')!;
  assert.is((await fetch(`${web.url}/assets/site.css`, { headers: { 'if-none-match': etag } })).status, 304);

  // Every page names its icon; /favicon.ico (asked for by a browser on any other answer) is the same icon.
  assert.match(html, /<link rel="icon" type="image\/svg\+xml" href="\/assets\/favicon\.svg"\/>/);
  for (const p of ['/assets/favicon.svg', '/favicon.ico']) {
    const icon = await fetch(`${web.url}${p}`);
    assert.is(icon.status, 200, p);
    assert.match(icon.headers.get('content-type') ?? '', /^image\/svg\+xml/, p);
    assert.match(await icon.text(), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, p);
  }

  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await watchedPage(ctx);
  await page.goto(`${web.url}/`);
  await page.getByLabel('Search certificates').fill('weather');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/certificates\?q=weather/);
  assert.equal(page.problems, []);
  await ctx.close();
});

t('an unknown page is an HTML 404 with the status and code, never JSON or a stack; API paths keep JSON errors', async () => {
  const missing = await fetch(`${web.url}/assets/nope.js`);
  assert.is(missing.status, 404);
  const html = await missing.text();
  assert.match(html, /Not found/);
  assert.match(html, /page_not_found/);
  assert.not.match(html, /at .*\.js:\d+/);
  const reflected = await fetch(`${web.url}/badge/%3Cscript%3Ealert(1)%3C%2Fscript%3E/x`);
  assert.is(reflected.status, 404);
  assert.not.match(await reflected.text(), /<script>alert/);
  const api = await fetch(`${web.url}/api/v1/public/nope`);
  assert.is(api.status, 404);
  assert.is((await api.json()).error.code, 'route_not_found');
});

t('the request log names the whole path on the Express path too (not the path inside a mounted router)', async () => {
  // Answered inside the router mounted at /api/v1/public, where req.path is "/overview".
  const reqId = `log-path-${Date.now()}`;
  assert.is((await fetch(`${web.url}/api/v1/public/overview`, { headers: { 'x-request-id': reqId } })).status, 200);
  const line = JSON.parse(await web.waitForLine((l) => l.includes('"msg":"request"') && l.includes(reqId), 5000));
  assert.is(line.path, '/api/v1/public/overview');
  assert.is(line.status, 200);
});

t.run();

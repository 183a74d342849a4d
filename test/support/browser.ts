import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium as this machine needs it: no sandbox (root), and none of Chromium's own
 * background connections (this network refuses them, many at a time, which slows every start).
 */
export async function launchBrowser(): Promise<Browser & { cleanup(): Promise<void> }> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'cert-chromium-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  return Object.assign(browser, {
    async cleanup() {
      await browser.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  });
}

/**
 * A page that records what would betray a broken page: script errors, CSP violations and console
 * errors. `problems` should stay empty on every page a test visits.
 */
export async function watchedPage(ctx: BrowserContext): Promise<Page & { problems: string[] }> {
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return Object.assign(page, { problems });
}

import * as assert from 'uvu/assert';
import { runCli } from './harness.js';

/**
 * The operator console without a browser: an operator made with the CLI signs in through the login
 * form (its double-submit cookie, then the session cookie), and resolves a flag as the Flags page does.
 */
export async function consoleSession(base: string, operator = 'e2e-test'): Promise<string> {
  const name = `op-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const made = await runCli(['operator', 'create', '--name', name, '--operator', operator, '--json']);
  assert.is(made.status, 0, made.stderr);
  const form = await fetch(`${base}/console/login`);
  const loginCookie = form.headers.getSetCookie().find((c) => c.startsWith('cert_console_login='))!.split(';')[0]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const res = await fetch(`${base}/console/login`, { method: 'POST', body: new URLSearchParams({ name, secret: JSON.parse(made.stdout).secret, next: '/console', _csrf: csrf }), headers: { cookie: loginCookie }, redirect: 'manual' });
  return res.headers.getSetCookie().find((c) => c.startsWith('cert_console='))!.split(';')[0]!;
}

/** The console's Flags page, and one flag's panel on it (from its anchor to the end). */
export async function flagPanel(base: string, cookie: string, flagId: string): Promise<string> {
  const page = await (await fetch(`${base}/console/flags`, { headers: { cookie } })).text();
  const at = page.indexOf(`id="flag-${flagId}"`);
  assert.ok(at >= 0, `flag ${flagId} is on the console's Flags page`);
  return page.slice(at);
}

/** Dismiss or confirm a flag from the console, with a reason (303 back to the page). */
export async function resolveFlag(base: string, cookie: string, flagId: string, decision: 'dismiss' | 'confirm', reason: string): Promise<void> {
  const page = await (await fetch(`${base}/console/flags`, { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
  const r = await fetch(`${base}/console/flags/${flagId}/resolve`, { method: 'POST', body: new URLSearchParams({ decision, reason, _csrf: csrf }), headers: { cookie }, redirect: 'manual' });
  assert.is(r.status, 303, await r.text());
}

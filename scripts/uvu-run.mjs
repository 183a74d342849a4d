// Runs the uvu suites the way `uvu dist/test <pattern>` does, then exits. uvu itself only sets
// process.exitCode and waits for the event loop to drain, so one handle a failed suite forgot to close
// (a child process, a socket, a timer) kept a CI run alive for hours after the last test had printed.
// What was still open is written to stderr so the leak can be found, then the process exits.
import path from 'node:path';
import { parse } from 'uvu/parse';
import { run } from 'uvu/run';

const [dir = 'dist/test', pattern] = process.argv.slice(2);
const ctx = await parse(dir, pattern, { cwd: process.cwd() });
await run(ctx.suites, {});
// A child killed in a suite's last hook closes its handle a moment after its exit event.
await new Promise((r) => setTimeout(r, 500).unref());
// stdout and stderr are a TTY or pipes of their own; what is left is what a suite forgot.
const open = process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'PipeWrap', 'CloseReq'].includes(r));
if (open.length) {
  // Child processes and servers say what they are; the rest is counted by kind.
  const named = process._getActiveHandles().flatMap((h) => {
    if (h?.spawnargs) return [`process ${h.pid}: ${h.spawnargs.join(' ').slice(0, 160)}`];
    if (typeof h?.listen === 'function' && typeof h.address === 'function' && h.address()) return [`server on ${JSON.stringify(h.address())}`];
    if (h?.remotePort) return [`socket to ${h.remoteAddress}:${h.remotePort}`];
    return [];
  });
  process.stderr.write(`uvu-run: resources still open after the last suite: ${[...new Set(open)].map((r) => `${r}×${open.filter((o) => o === r).length}`).join(', ')}${named.length ? `\n  ${named.join('\n  ')}` : ''}\n`);
}
process.exit(process.exitCode ?? 0);

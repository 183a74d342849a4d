// Runs the uvu suites the way `uvu dist/test <pattern>` does, then exits. uvu itself only sets
// process.exitCode and waits for the event loop to drain, so one handle a failed suite forgot to close
// (a child process, a socket, a timer) kept a CI run alive for hours after the last test had printed.
// What was still open is written to stderr so the leak can be found, then the process exits.
import { pathToFileURL } from 'node:url';
import { parse } from 'uvu/parse';

const [dir = 'dist/test', pattern] = process.argv.slice(2);
const ctx = await parse(dir, pattern, { cwd: process.cwd() });

// uvu/run's loop, with each suite file's time kept: the whole run has a 15-minute budget, and the
// slowest files are listed at the end so that whoever trims it knows where the time goes.
globalThis.UVU_DEFER = 1;
const uvu = await import('uvu');
let idx = 0;
for (const suite of ctx.suites) {
  globalThis.UVU_INDEX = idx++;
  globalThis.UVU_QUEUE.push([suite.name]);
  await import(pathToFileURL(suite.file).href);
}
const times = [];
for (const group of globalThis.UVU_QUEUE) {
  const name = group[0];
  if (name == null) continue;
  for (let i = 1; i < group.length; i++) {
    const runSuite = group[i];
    group[i] = async () => {
      const t0 = performance.now();
      try {
        return await runSuite();
      } finally {
        times.push([name, performance.now() - t0]);
      }
    };
  }
}
await uvu.exec(false);
const byFile = new Map();
for (const [name, ms] of times) byFile.set(name, (byFile.get(name) ?? 0) + ms);
const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
if (slowest.length > 1) process.stderr.write(`uvu-run: slowest suite files\n${slowest.map(([n, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${n}`).join('\n')}\n`);
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

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
// stdout and stderr are a TTY or pipes of their own; what is left is what a suite forgot.
const open = process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'PipeWrap', 'CloseReq'].includes(r));
if (open.length) process.stderr.write(`uvu-run: resources still open after the last suite: ${[...new Set(open)].map((r) => `${r}×${open.filter((o) => o === r).length}`).join(', ')}\n`);
process.exit(process.exitCode ?? 0);

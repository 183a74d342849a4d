import { config } from './config.js';

/**
 * Test-only fault injection. With CERT_FAULT_AT=<point> and CERT_FAULT_DELAY_MS=<ms>, the process
 * prints a marker and pauses at that point, so a test can SIGKILL it mid-job deterministically.
 * CERT_FAULT_MATCH narrows it to the passes whose detail has that value: a test pauses in its own
 * work, not in what earlier suites left in the lane's database. Unset (always, outside tests) this is
 * a no-op.
 */
export async function faultPoint(point: string, detail: Record<string, string> = {}): Promise<void> {
  const c = config();
  if (!c.CERT_FAULT_AT || c.CERT_FAULT_AT !== point || c.CERT_FAULT_DELAY_MS <= 0) return;
  if (c.CERT_FAULT_MATCH !== undefined && !Object.values(detail).includes(c.CERT_FAULT_MATCH)) return;
  // The detail (which submission) lets a test wait for the pause in its own job, not another one's.
  process.stdout.write(`${JSON.stringify({ faultPoint: point, pid: process.pid, ...detail })}\n`);
  await new Promise((r) => setTimeout(r, c.CERT_FAULT_DELAY_MS));
}

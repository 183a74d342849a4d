import type { Job } from 'bull';
import type { SandboxJob } from '../../shared/queues/index.js';
import { runSandboxStep } from '../../shared/submissions/sandbox-step.js';
import { ensureVoteJobs, openRoundOf } from '../../shared/submissions/sweeper.js';

/** Thin: the step decides; the processor fans out to the council after the step's commit. */
export async function processSandbox(job: Job<SandboxJob>): Promise<void> {
  await runSandboxStep(job.data.submissionId);
  // Also covers a re-run after a crash between the step's commit and this fan-out.
  const round = await openRoundOf(job.data.submissionId);
  if (round) await ensureVoteJobs(round);
}

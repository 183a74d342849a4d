import type { Job } from 'bull';
import type { SandboxJob } from '../../shared/queues/index.js';
import { Submission } from '../../shared/db/models.js';
import { runSandboxStep } from '../../shared/submissions/sandbox-step.js';
import { ensureVoteJobs, openRoundOf } from '../../shared/council/fan-out.js';
import { fanOutPackages } from '../../shared/packages/pipeline.js';

/**
 * Thin: the steps decide. A CODE+PACKAGES submission first resolves and audits its packages
 * (the package pipeline's fan-out to the packages queue, fanOutPackages; fan-in in
 * markPackagesDoneIfReady); the sandbox step runs once they are settled, then the council's vote
 * fan-out follows the step's commit.
 */
export async function processSandbox(job: Job<SandboxJob>): Promise<void> {
  const { submissionId } = job.data;
  const sub = await Submission.findByPk(submissionId);
  if (!sub) return;
  if (!(await fanOutPackages(sub))) return;
  // The submission as read above, unless the package steps moved it on meanwhile.
  const opened = await runSandboxStep(submissionId, sub.packagePhase && sub.packagePhase !== 'DONE' ? undefined : sub);
  if (opened) {
    // Nobody has voted in a round opened just now.
    await ensureVoteJobs(opened, true);
    return;
  }
  // A re-run after a crash between the step's commit and this fan-out.
  const round = await openRoundOf(submissionId);
  if (round) await ensureVoteJobs(round);
}

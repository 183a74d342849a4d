/**
 * Body of a skill analysis thread (see skill-pool.ts): loads the parsers once and analyses a small
 * skill to warm the analyser up (warm-up.ts), then analyses one skill at a time and posts the bounded
 * report back. Both happen before the thread says it is ready, so neither counts against a request's
 * budget. Nothing here touches the database, the network or the disk.
 */
import { workerData } from 'node:worker_threads';
import { loadParsers } from '../parsers/tree-sitter.js';
import { serveTasks } from '../threads/thread-body.js';
import { type AnalysisSettings, useThreadAnalysisSettings } from './analysis-settings.js';
import { finishedReport } from './finished-report.js';
import { warmUp } from './warm-up.js';
import { type SkillHandOff, receivedSkill } from './skill-hand-off.js';

useThreadAnalysisSettings();
serveTasks(
  (skill: SkillHandOff) => finishedReport(receivedSkill(skill)),
  async () => {
    await loadParsers();
    if ((workerData as Partial<AnalysisSettings> | null)?.warmUp !== false) warmUp(finishedReport);
  },
);

/**
 * The settings an analysis (a skill's or a package archive's) reads, as plain data. The analyses run in
 * thread pools with a small heap cap (docs/analysis-limits.md), and loading the configuration schema
 * (shared/config.ts: zod, ethers) in a thread takes much of such a heap before any analysis starts. So
 * the main thread reads config() and hands these to each pool thread as its `workerData`
 * (shared/threads/pool.ts); a thread body installs them before its first task, and the main thread
 * installs them itself before it analyses on its own thread.
 */
import { workerData } from 'node:worker_threads';
import { useConfiguredIndexHosts } from './reputation.js';

export interface AnalysisSettings {
  /** The operator's package indexes (shared/config.ts packageIndexHosts). */
  packageIndexHosts: readonly string[];
  /** Skill threads: analyse the warm-up skill while preparing (warm-up.ts, SKILL_ANALYSIS_WARM_UP); absent: yes. */
  warmUp?: boolean;
}

/** Installs `s` for the analyses on this thread. */
export function useAnalysisSettings(s: Partial<AnalysisSettings>): void {
  useConfiguredIndexHosts(s.packageIndexHosts ?? []);
}

/** In a pool's thread: installs the settings its pool handed it (none if it handed none). */
export function useThreadAnalysisSettings(): void {
  useAnalysisSettings((workerData as Partial<AnalysisSettings> | null | undefined) ?? {});
}

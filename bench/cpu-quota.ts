/**
 * A CPU quota per process, the way a PaaS gives each dyno (container) its own CPU share: a Linux cgroup
 * with a CFS quota (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us`). Used by the audit-throughput bench to
 * measure what adding a worker process adds when the process brings its own CPU, which a shared 2-core
 * machine cannot show otherwise. Needs root and a writable cgroup cpu controller; `cpuQuotaUnavailable()`
 * says why not when it cannot be used.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOT = '/sys/fs/cgroup';
const PERIOD_US = 100_000;

type Flavour = { kind: 'v1' | 'v2'; root: string };

function flavour(): Flavour | null {
  if (existsSync(path.join(V1_ROOT, 'cpu.cfs_quota_us'))) return { kind: 'v1', root: V1_ROOT };
  try {
    if (readFileSync(path.join(V2_ROOT, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('cpu')) return { kind: 'v2', root: V2_ROOT };
  } catch {
    /* no v2 hierarchy with the cpu controller */
  }
  return null;
}

/** Why per-process CPU quotas cannot be used here, or null when they can. */
export function cpuQuotaUnavailable(): string | null {
  const f = flavour();
  if (!f) return 'no cgroup cpu controller (v1 cpu.cfs_quota_us or v2 cpu.max) is mounted';
  const probe = path.join(f.root, `certbench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return null;
  } catch (err) {
    return `cannot create a cgroup under ${f.root} (${(err as Error).message}); run the bench as root`;
  }
}

export class CpuQuota {
  private constructor(
    private readonly dir: string,
    readonly cores: number,
  ) {}

  /** A new cgroup limited to `cores` CPUs (0.5 = half of one core over each 100 ms period). */
  static create(name: string, cores: number): CpuQuota {
    const f = flavour();
    if (!f) throw new Error(cpuQuotaUnavailable() ?? 'no cgroup cpu controller');
    const dir = path.join(f.root, `certbench-${name}-${process.pid}`);
    mkdirSync(dir);
    const quota = Math.max(1000, Math.round(cores * PERIOD_US));
    if (f.kind === 'v1') {
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    } else {
      writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    }
    return new CpuQuota(dir, cores);
  }

  /** Moves a process (all its threads) into the quota. */
  add(pid: number): void {
    writeFileSync(path.join(this.dir, 'cgroup.procs'), String(pid));
  }

  /** How many periods the quota throttled the processes in it (they wanted more CPU than it gives). */
  throttledPeriods(): number {
    try {
      const m = /nr_throttled (\d+)/.exec(readFileSync(path.join(this.dir, 'cpu.stat'), 'utf8'));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  }

  /** Removes the cgroup; its processes must have exited (or moved) first. */
  remove(): void {
    try {
      rmdirSync(this.dir);
    } catch {
      /* still busy or gone: the kernel frees it when its last process exits and nothing refers to it */
    }
  }
}

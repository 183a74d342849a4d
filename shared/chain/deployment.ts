import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What `deployLocal` records per chain id in `${CHAIN_STATE_DIR}/deployment.json`. */
export interface DeploymentRecord {
  registryAddress: string;
  registryOwner: string;
  usdcAddress: string;
  usdcEip712: { name: string; version: string };
  /** TestRewardToken (flag bounties); absent in records written before the economy existed. */
  rewardTokenAddress?: string;
  deployedAt: string;
}

export function deploymentFile(stateDir: string): string {
  return path.resolve(stateDir, 'deployment.json');
}

export function readDeployments(stateDir: string): Record<string, DeploymentRecord> {
  try {
    const data = JSON.parse(readFileSync(deploymentFile(stateDir), 'utf8')) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, DeploymentRecord>) : {};
  } catch {
    return {};
  }
}

export function readDeployment(stateDir: string, chainId: number): DeploymentRecord | null {
  return readDeployments(stateDir)[String(chainId)] ?? null;
}

export function writeDeployment(stateDir: string, chainId: number, rec: DeploymentRecord): void {
  const file = deploymentFile(stateDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const all = { ...readDeployments(stateDir), [String(chainId)]: rec };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(tmp, file);
}

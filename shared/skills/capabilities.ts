/**
 * The capability vocabulary of a skill manifest. The sandbox infers the same names from content,
 * so "declared capabilities must match behaviour" is a set comparison.
 */
export const CAPABILITIES = {
  network: 'Makes outbound network requests',
  'filesystem:read': 'Reads files outside its own folder',
  'filesystem:write': 'Writes, moves or deletes files',
  shell: 'Runs shell commands or subprocesses',
  env: 'Reads environment variables or stored credentials',
} as const;

export type Capability = keyof typeof CAPABILITIES;

export function isCapability(value: string): value is Capability {
  return  Object.hasOwn(CAPABILITIES, value);
}

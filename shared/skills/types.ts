/** The service manifest a skill declares: what it calls out to and what it is allowed to do. */
export interface SkillManifest {
  /** Absolute http(s) URLs (or bare origins) the skill may call. */
  externalCalls: string[];
  /** Capability names from CAPABILITIES (see shared/skills/capabilities.ts). */
  capabilities: string[];
}

/** A SKILL.md file parsed per the Agent Skills format. */
export interface ParsedSkill {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata: Record<string, unknown>;
  allowedTools: string[];
  /** metadata.version when given, else "0.0.0". */
  version: string;
  /** The whole file with line endings normalised to LF (what the canonical hash covers). */
  content: string;
  /** Markdown body after the frontmatter. */
  body: string;
  /** 1-based line number in `content` where `body` starts. */
  bodyStartLine: number;
  /** Manifest from frontmatter metadata, replaced member-wise by a manifestOverride. */
  manifest: SkillManifest;
  /** SHA-256 hex of `content` (LF-normalised). */
  contentSha256: string;
}

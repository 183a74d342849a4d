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
  /** Markdown body after the frontmatter (the whole file when there is none). */
  body: string;
  /** 1-based line number in `content` where `body` starts. */
  bodyStartLine: number;
  /**
   * Manifest from frontmatter metadata, replaced member-wise by a manifestOverride; capabilities
   * also include those implied by allowed-tools. Unknown capability names are kept (the sandbox warns).
   */
  manifest: SkillManifest;
  // The three members below are always set by parseSkill. They are optional in the type only
  // because test/unit/sandbox.test.ts and council.test.ts build ParsedSkill literals without them;
  // make them required once those tests set them.
  /** Which manifest members the author declared: frontmatter metadata, manifestOverride, or (capabilities) allowed-tools. */
  manifestDeclared?: { capabilities: boolean; externalCalls: boolean };
  /** Capabilities implied by allowed-tools (already merged into manifest.capabilities). */
  allowedToolCapabilities?: string[];
  /** Problems that did not stop the review (name normalised, no frontmatter, long description); 1-based line. */
  parseNotes?: { code: string; message: string; line: number }[];
  /** SHA-256 hex of `content` (LF-normalised). */
  contentSha256: string;
}

/**
 * What a submission stores as its manifest: the effective manifest plus which members the author
 * declared, so a re-parse of the stored file (storedManifestOverride) gives the same ParsedSkill.
 */
export interface StoredManifest extends SkillManifest {
  declared?: { capabilities: boolean; externalCalls: boolean };
}

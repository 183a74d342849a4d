/**
 * Findings as SARIF 2.1.0 logs (OASIS Standard, https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html),
 * so a security team can put them next to their other scanners' (code scanning, SARIF viewers):
 * a skill submission's sandbox findings (located in the skill file) and a package certificate's
 * retained findings (located in files inside the distribution archive). Pure: the same input gives
 * the same bytes (rules sorted by id, results in the order the review wrote them, no timestamps), so
 * the API, a CLI and the tests share it.
 *
 * Rule metadata comes from where each rule is defined: the sandbox rule table (sandbox/rules.ts), the
 * prose policies (sandbox/prose/policy.ts) and the package behaviour rules (packages/analysis/behaviour-rules.ts).
 * A finding whose rule is in none of them (dependency, endpoint and analysis-limit findings, or a rule
 * retired since the report was written) is described by its category and carries its own fix.
 */
import { FIX_TEXT, RULE_TABLE } from '../sandbox/rules.js';
import { PROSE_RULES } from '../sandbox/prose/policy.js';
import type { Finding, FindingCategory, FindingLocation, Severity } from '../sandbox/types.js';
import { BEHAVIOUR_RULES } from '../packages/analysis/behaviour-rules.js';
import type { FindingSeverity, PackageFindingCategory } from '../packages/analysis/types.js';

export const SARIF_MEDIA_TYPE = 'application/sarif+json';
export const SARIF_VERSION = '2.1.0';
/** The schema the OASIS Standard publishes (the tests validate against a vendored copy of it). */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json';
/** The skill file every submission's findings are located in (the Agent Skills file name). */
export const SKILL_FILE_NAME = 'SKILL.md';

export type SarifLevel = 'error' | 'warning' | 'note';

/** CRITICAL and HIGH fail a scan, MEDIUM warns, LOW and INFO are notes (SARIF 3.27.10 `level`). */
export function sarifLevel(severity: Severity | FindingSeverity): SarifLevel {
  if (severity === 'CRITICAL' || severity === 'HIGH') return 'error';
  if (severity === 'MEDIUM') return 'warning';
  return 'note';
}

/**
 * GitHub code scanning ranks security alerts by a `security-severity` score on the rule (its SARIF
 * documentation, "reportingDescriptor object"): over 9.0 critical, 7.0-8.9 high, 4.0-6.9 medium, below
 * low. INFO findings get none: they are disclosures, not alerts.
 */
const SECURITY_SEVERITY: Record<Severity, string | null> = { CRITICAL: '9.5', HIGH: '8.0', MEDIUM: '5.5', LOW: '2.0', INFO: null };

// ---------------------------------------------------------------------------------------------------
// The SARIF objects written here (a subset of the standard's; names as in the standard)

interface Text {
  text: string;
}
export interface SarifRule {
  id: string;
  shortDescription: Text;
  fullDescription: Text;
  help: Text;
  defaultConfiguration: { level: SarifLevel };
  properties: Record<string, unknown>;
}
export interface SarifRegion {
  startLine: number;
  startColumn?: number;
  snippet?: Text;
}
export interface SarifLocation {
  physicalLocation: { artifactLocation: { uri: string; index: number }; region?: SarifRegion };
}
export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: Text;
  locations: SarifLocation[];
  properties: Record<string, unknown>;
}
export interface SarifArtifact {
  location: { uri: string };
  parentIndex?: number;
  roles?: string[];
  hashes?: Record<string, string>;
}
export interface SarifLog {
  $schema: string;
  version: typeof SARIF_VERSION;
  runs: [
    {
      tool: { driver: { name: string; version?: string; rules: SarifRule[] } };
      artifacts: SarifArtifact[];
      results: SarifResult[];
      columnKind?: 'utf16CodeUnits';
      properties: Record<string, unknown>;
    },
  ];
}

/** Metadata of one rule id as a SARIF rule is written from it. */
interface RuleText {
  title: string;
  fix: string;
  category: string;
  severity: Severity;
  blocking?: boolean;
}

function sarifRule(id: string, r: RuleText): SarifRule {
  const score = SECURITY_SEVERITY[r.severity];
  return {
    id,
    shortDescription: { text: firstSentence(r.title) },
    fullDescription: { text: r.title },
    help: { text: r.fix },
    defaultConfiguration: { level: sarifLevel(r.severity) },
    properties: {
      category: r.category,
      severity: r.severity,
      ...(r.blocking !== undefined ? { blocking: r.blocking } : {}),
      tags: ['security', r.category],
      ...(score ? { 'security-severity': score } : {}),
    },
  };
}

const firstSentence = (s: string): string => {
  const m = /^(.+?[.!?])(?:\s|$)/.exec(s);
  return m ? m[1]! : s;
};

/**
 * A path as a relative URI reference: each segment percent-encoded, so spaces, '%', '#', '?' and a
 * colon in a first segment (which would read as a scheme) stay parts of the path (RFC 3986 4.2).
 */
export function pathUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

const positive = (n: unknown): number => (Number.isInteger(n) && (n as number) >= 1 ? (n as number) : 1);

/** Rules sorted by id, and each result's index into them. */
function indexRules(rules: Map<string, SarifRule>): { list: SarifRule[]; index: Map<string, number> } {
  const list = [...rules.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { list, index: new Map(list.map((r, i) => [r.id, i])) };
}

// ---------------------------------------------------------------------------------------------------
// A skill submission

/** Titles of a skill rule id: the sandbox table, then the prose policies (one id may judge several entries). */
let skillRuleTexts: Map<string, RuleText & { fileRule: true }> | undefined;
function skillRuleText(ruleId: string) {
  if (!skillRuleTexts) {
    skillRuleTexts = new Map();
    for (const r of RULE_TABLE) skillRuleTexts.set(r.ruleId, { title: r.title, fix: r.fix, category: r.category, severity: r.severity, blocking: r.blocking, fileRule: true });
    for (const r of PROSE_RULES) {
      const known = skillRuleTexts.get(r.ruleId);
      if (known) {
        if (!known.title.includes(r.title)) known.title = `${known.title} ${r.title}`;
      } else {
        skillRuleTexts.set(r.ruleId, { title: r.title, fix: r.fix, category: r.category, severity: r.severity, blocking: r.blocking, fileRule: true });
      }
    }
  }
  return skillRuleTexts.get(ruleId);
}

/** What a category of skill findings is about: the title of a rule the tables do not describe. */
const SKILL_CATEGORY_TITLE: Record<FindingCategory, string> = {
  shell_execution: 'Runs commands or code the reviewer has to trust.',
  undeclared_external_host: 'Contacts a host the manifest does not declare.',
  manifest_mismatch: 'The declared manifest and the behaviour of the skill differ.',
  prompt_injection: 'Steers the agent or the reviewer.',
  credential_exfiltration: 'Secrets or private data leave the machine.',
  hidden_content: 'Content hidden from a person reading the file.',
  obfuscation: 'Encoded or disguised content.',
  dependency: 'A dependency the Package Trust Registry does not certify as safe to use.',
  analysis_limit: 'The analysis did not read the whole file.',
  endpoint: 'A declared endpoint did not answer as declared.',
};

export interface SkillSarifInput {
  /** Version of the sandbox rule set that wrote the findings (null when the report has none). */
  rulesetVersion: string | null;
  findings: readonly Finding[];
  /** SHA-256 of the LF-normalised skill file the findings are located in. */
  contentSha256?: string | null;
  /** What the log is about (submission id, skill name and version…), as run properties. */
  subject?: Record<string, unknown>;
}

/**
 * A skill's findings as one SARIF run. A grouped finding (repeats of one rule folded together, see
 * sandbox/report-limits.ts) gives one result per kept location, each saying how many it stands for.
 * A finding the file reader did not place (a dependency, an endpoint, a cut-off analysis) is at the
 * line the report gives, without a snippet: its text is not in the file.
 */
export function skillFindingsSarif(input: SkillSarifInput): SarifLog {
  const rules = new Map<string, SarifRule>();
  for (const f of input.findings) {
    if (rules.has(f.ruleId)) continue;
    const known = skillRuleText(f.ruleId);
    rules.set(
      f.ruleId,
      sarifRule(f.ruleId, known ?? { title: SKILL_CATEGORY_TITLE[f.category] ?? 'A finding of the skill review.', fix: f.fix || FIX_TEXT[f.category] || '', category: f.category, severity: f.severity, blocking: f.blocking }),
    );
  }
  const { list, index } = indexRules(rules);
  const uri = pathUri(SKILL_FILE_NAME);
  const results: SarifResult[] = [];
  for (const f of input.findings) {
    const inFile = Boolean(skillRuleText(f.ruleId));
    const locations: FindingLocation[] = f.locations?.length ? f.locations : [f.location];
    for (const l of locations) {
      const region: SarifRegion = { startLine: positive(l.line), startColumn: positive(l.column) };
      if (inFile && l.snippet) region.snippet = { text: l.snippet };
      results.push({
        ruleId: f.ruleId,
        ruleIndex: index.get(f.ruleId)!,
        level: sarifLevel(f.severity),
        message: { text: f.message },
        locations: [{ physicalLocation: { artifactLocation: { uri, index: 0 }, region } }],
        properties: { severity: f.severity, category: f.category, blocking: f.blocking, fix: f.fix, ...((f.occurrences ?? 1) > 1 ? { occurrences: f.occurrences } : {}) },
      });
    }
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: SARIF_VERSION,
    runs: [
      {
        tool: { driver: { name: 'cert skill review', ...(input.rulesetVersion ? { version: input.rulesetVersion } : {}), rules: list } },
        artifacts: [{ location: { uri }, roles: ['analysisTarget'], ...(input.contentSha256 ? { hashes: { 'sha-256': input.contentSha256 } } : {}) }],
        results,
        // The sandbox counts columns in string offsets of the LF-normalised file (sandbox/text.ts).
        columnKind: 'utf16CodeUnits',
        properties: { ...(input.subject ?? {}) },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// A package certificate

/** A finding as a package certificate retains it (packages/audit.ts retainedWarningsOf). */
export interface RetainedPackageFinding {
  ruleId: string;
  severity: FindingSeverity;
  category: string;
  /** Path inside the archive as stored there ('' for a finding about the archive as a whole). */
  file: string;
  role?: string;
  line: number | null;
  message: string;
  evidence: string | null;
}

/** What a category of package findings is about, and what a consumer of the package does about it. */
const PACKAGE_CATEGORY_TEXT: Record<PackageFindingCategory, { title: string; help: string }> = {
  install_script: {
    title: 'Code that runs when the package is installed.',
    help: 'Read what the install hook runs before installing, or install with install scripts turned off where the package works without them.',
  },
  exfiltration: {
    title: 'Data read on the machine and sent out.',
    help: "Do not install this version unless the destination follows from the package's purpose; report it to the registry if it does not.",
  },
  obfuscation: {
    title: 'Code hidden by encoding, packing or string building.',
    help: 'Read the decoded code before relying on the package: honest packages ship readable source or a build a reviewer can repeat.',
  },
  shell: { title: 'Runs shell commands or other programs.', help: 'Check that the commands the package runs follow from what it is for.' },
  network: { title: 'Opens network connections.', help: 'Check that the hosts the package contacts follow from what it is for.' },
  env_access: { title: 'Reads environment variables.', help: 'Check which variables the package reads and where their values go; keep secrets out of the environment of processes that do not need them.' },
  filesystem: { title: 'Reads or writes files outside its own folder.', help: 'Check which paths the package touches and why.' },
  secret: { title: 'A credential written into the package.', help: 'If the credential is real, its owner revokes it; never reuse it.' },
  binary: { title: 'Compiled code that could not be read.', help: 'Trust compiled code only as far as its publisher and its build: what it does was not reviewed.' },
  archive: {
    title: 'The archive itself: its integrity, size or paths.',
    help: 'Read the finding: an archive that does not match its published digest, or whose paths leave its folder, is not the package that was published.',
  },
};

const behaviourRule = new Map(BEHAVIOUR_RULES.map((r) => [r.id, r]));

function packageRuleText(f: RetainedPackageFinding): RuleText {
  const cat = PACKAGE_CATEGORY_TEXT[f.category as PackageFindingCategory];
  const rule = behaviourRule.get(f.ruleId);
  const title = rule ? `${rule.message.charAt(0).toUpperCase()}${rule.message.slice(1)}.` : (cat?.title ?? 'A finding of the package analysis.');
  return { title, fix: cat?.help ?? 'Read the finding and its evidence before relying on the package.', category: f.category, severity: rule?.severity ?? f.severity };
}

export interface PackageSarifInput {
  registry: string;
  name: string;
  version: string;
  /** The analysed distribution file (the archive the findings are in) and its SHA-256. */
  distributionFilename: string;
  distributionSha256: string;
  /** Version of the package rule set the findings came from (null on certificates issued before it was recorded). */
  analysisVersion: string | null;
  findings: readonly RetainedPackageFinding[];
  subject?: Record<string, unknown>;
}

/**
 * A package certificate's retained findings as one SARIF run. The archive is artifact 0; every file a
 * finding names is an artifact nested in it (parentIndex 0), located by its path inside the archive;
 * a finding about the archive as a whole is located at the archive.
 */
export function packageFindingsSarif(input: PackageSarifInput): SarifLog {
  const rules = new Map<string, SarifRule>();
  for (const f of input.findings) if (!rules.has(f.ruleId)) rules.set(f.ruleId, sarifRule(f.ruleId, packageRuleText(f)));
  const { list, index } = indexRules(rules);
  const files = [...new Set(input.findings.map((f) => f.file).filter(Boolean))].sort();
  const artifacts: SarifArtifact[] = [
    { location: { uri: pathUri(input.distributionFilename) }, roles: ['analysisTarget'], hashes: { 'sha-256': input.distributionSha256 } },
    ...files.map((p) => ({ location: { uri: pathUri(p) }, parentIndex: 0 })),
  ];
  const fileIndex = new Map(files.map((p, i) => [p, i + 1]));
  const results: SarifResult[] = input.findings.map((f) => {
    const artifact = f.file ? fileIndex.get(f.file)! : 0;
    const region: SarifRegion | undefined = f.file && f.line ? { startLine: positive(f.line), ...(f.evidence ? { snippet: { text: f.evidence } } : {}) } : undefined;
    return {
      ruleId: f.ruleId,
      ruleIndex: index.get(f.ruleId)!,
      level: sarifLevel(f.severity),
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifacts[artifact]!.location.uri, index: artifact }, ...(region ? { region } : {}) } }],
      properties: { severity: f.severity, category: f.category, ...(f.role ? { role: f.role } : {}) },
    };
  });
  return {
    $schema: SARIF_SCHEMA_URI,
    version: SARIF_VERSION,
    runs: [
      {
        tool: { driver: { name: 'cert package analysis', ...(input.analysisVersion ? { version: input.analysisVersion } : {}), rules: list } },
        artifacts,
        results,
        properties: { registry: input.registry, packageName: input.name, packageVersion: input.version, ...(input.subject ?? {}) },
      },
    ],
  };
}

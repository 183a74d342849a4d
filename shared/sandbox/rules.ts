/**
 * The sandbox rule table: one entry per rule. Rule ids are stable and never renamed once published;
 * a change to any entry (or to what a rule matches) bumps SANDBOX_RULESET_VERSION in analyze.ts.
 */
import type { Finding, FindingCategory, Severity } from './types.js';
import type { Location } from './text.js';

export interface RuleDef {
  ruleId: string;
  category: FindingCategory;
  severity: Severity;
  blocking: boolean;
  /** Short description of what the rule detects. */
  title: string;
  fix: string;
}

export const FIX_TEXT: Record<FindingCategory, string> = {
  shell_execution: 'Remove shell execution from runtime code.',
  undeclared_external_host: 'Add the host to manifest.externalCalls, or remove the call.',
  manifest_mismatch: 'Make the declared capabilities in the manifest match the behaviour of the skill.',
  prompt_injection: 'Remove text that overrides or addresses reviewer or system instructions.',
  credential_exfiltration: 'Remove code that sends environment variables or credentials outbound.',
  hidden_content: 'Remove hidden or encoded content; write instructions in plain visible text.',
  obfuscation: 'Remove hidden or encoded content; write instructions in plain visible text.',
  dependency: 'Remove the dependency or pin a version the Package Trust Registry certifies.',
  analysis_limit: 'Submit a smaller skill file without long runs of repeated content; the analysis must finish within its limits.',
  endpoint: 'Make every declared endpoint answer a HEAD or GET without credentials over HTTPS (shared/endpoints/judge.ts), or correct the declaration.',
};

function rule(
  ruleId: string,
  category: FindingCategory,
  severity: Severity,
  blocking: boolean,
  title: string,
): RuleDef {
  return Object.freeze({ ruleId, category, severity, blocking, title, fix: FIX_TEXT[category] });
}

export const RULES = {
  // -- running code the reviewer never saw --------------------------------------------------------
  shellPipe: rule('SHELL-PIPE-001', 'shell_execution', 'CRITICAL', true,
    'Downloaded content piped or fed straight into a shell from an untrusted or concealed source.'),
  shellPipeVendor: rule('SHELL-PIPE-002', 'shell_execution', 'MEDIUM', false,
    "Remote installer script from the tool vendor's own host piped into a shell (pin a version and verify a checksum where the vendor offers one)."),
  shellPipeUnknown: rule('SHELL-PIPE-003', 'shell_execution', 'HIGH', false,
    'Remote installer script from a host that is neither a well-known installer nor the vendor the skill is about; a human checks it.'),
  downloadRun: rule('SHELL-DLEXEC-001', 'shell_execution', 'CRITICAL', true,
    'A file downloaded and then executed in a second step (curl -o x; chmod +x x; ./x) from an untrusted or concealed source.'),
  downloadRunUnknown: rule('SHELL-DLEXEC-002', 'shell_execution', 'HIGH', false,
    'A binary or script downloaded and executed from a host that is not a well-known vendor; a human checks it.'),
  shellExec: rule('SHELL-EXEC-001', 'shell_execution', 'LOW', false,
    'Shell-out through a shell interpreter (shell=True, os.system, os.popen, child_process exec, Invoke-Expression).'),
  subprocess: rule('SHELL-EXEC-002', 'shell_execution', 'INFO', false,
    'Subprocess API use (subprocess.run, child_process, spawn, execFile): disclosed as the shell capability.'),
  evalDownload: rule('SHELL-EXEC-003', 'shell_execution', 'CRITICAL', true,
    'Downloaded content executed through eval, command substitution or process substitution.'),
  reverseShell: rule('SHELL-REVSHELL-001', 'shell_execution', 'CRITICAL', true,
    'Interactive shell connected to a remote host (reverse shell).'),
  persistence: rule('PERSIST-002', 'shell_execution', 'MEDIUM', false,
    'Installs something that runs again later (cron, launch agent, systemd unit, global git hooks).'),
  destructive: rule('DESTRUCT-001', 'shell_execution', 'CRITICAL', true,
    'Destructive command aimed at the home directory, the whole disk or repository history.'),
  containerEscape: rule('ESCAPE-001', 'shell_execution', 'CRITICAL', true,
    'Privileged container with the host filesystem or Docker socket mounted (host takeover).'),
  unsafeDeserialise: rule('DESERIAL-001', 'shell_execution', 'HIGH', true,
    'Pickle or similar deserialisation of data fetched from the network (arbitrary code execution).'),
  passwordArchive: rule('PREREQ-001', 'shell_execution', 'CRITICAL', true,
    'A "prerequisite" that downloads a password-protected archive or executable and runs it (antivirus evasion).'),
  foreignInstaller: rule('PREREQ-003', 'shell_execution', 'CRITICAL', true,
    'A "prerequisite" app or installer (.dmg, .pkg, .exe, .msi, .AppImage …) downloaded from an address that is not the vendor the skill is about, with the operating system\'s guard lowered for it (Full Disk Access, Accessibility, screen recording, the quarantine flag removed, "Open Anyway").'),
  pasteExec: rule('PREREQ-002', 'shell_execution', 'CRITICAL', true,
    'Tells the user or agent to run a command copied from a paste site.'),
  // -- data leaving the machine -------------------------------------------------------------------
  credentialExfil: rule('CRED-EXFIL-001', 'credential_exfiltration', 'CRITICAL', true,
    'Secrets, credential files or private data read and sent outbound.'),
  deviceCodePhish: rule('CRED-EXFIL-009', 'credential_exfiltration', 'CRITICAL', true,
    "Tells the user to enter a device code the skill fixes at a device sign-in page (device-code phishing): the author's session is signed into the user's account."),
  falseLocalClaim: rule('CRED-EXFIL-008', 'credential_exfiltration', 'HIGH', true,
    "Tells the user their data stays on their machine (fully local, never leaves the device) while the skill's code sends data to another host."),
  recordsElsewhere: rule('CRED-EXFIL-007', 'credential_exfiltration', 'HIGH', false,
    "A database's or CRM's records, or the user's own documents and photos, sent to a server of another site that is not known to be hostile (a provider migration, a backup, or someone else's server); a human checks whose it is."),
  exfilInstruction: rule('CRED-EXFIL-002', 'credential_exfiltration', 'CRITICAL', true,
    'Instructions that tell the agent to send secrets or private data to a third party (prose, image URL or web fetch).'),
  dnsExfil: rule('CRED-EXFIL-003', 'credential_exfiltration', 'CRITICAL', true,
    'Data encoded into DNS lookups (dig/nslookup/host with computed subdomains).'),
  keychainTheft: rule('CRED-EXFIL-004', 'credential_exfiltration', 'CRITICAL', true,
    'Fake password dialog or keychain dump (credential harvesting).'),
  clipboardHijack: rule('CRED-EXFIL-005', 'credential_exfiltration', 'CRITICAL', true,
    'Clipboard read and rewritten with a wallet address (clipboard hijacking).'),
  repoExfil: rule('CRED-EXFIL-006', 'credential_exfiltration', 'HIGH', true,
    'Pushes the repository or secrets to a remote or public gist the skill names.'),
  // -- the agent itself ---------------------------------------------------------------------------
  // PROMPT-INJ-001/002/003 (override, reviewer, concealment string patterns) are retired: the prose
  // reader's PROSE-STEER-001/003/002 read the same families by structure (docs/skill-prose.md).
  toolPoisoning: rule('PROMPT-INJ-004', 'prompt_injection', 'CRITICAL', true,
    'Pseudo-system tags (<IMPORTANT>, <SYSTEM>) carrying side-channel instructions to read secrets or send data.'),
  remoteInstructions: rule('AGENT-REMOTE-001', 'prompt_injection', 'HIGH', true,
    'Loads instructions from a remote URL at run time and tells the agent to follow or execute them.'),
  safetyOffCommand: rule('AGENT-SAFETY-002', 'prompt_injection', 'HIGH', false,
    'Runs an agent CLI with its permission checks skipped (--dangerously-skip-permissions, --yolo); a human checks why.'),
  safetyOff: rule('AGENT-SAFETY-001', 'prompt_injection', 'HIGH', true,
    "Turns off the agent's safety switches (skip permissions, auto-approve tools, edit the agent's own settings)."),
  memoryPoison: rule('AGENT-MEM-001', 'prompt_injection', 'HIGH', true,
    'Writes standing instructions that move data out or run code into agent memory files (CLAUDE.md, AGENTS.md, ...).'),
  memoryWrite: rule('AGENT-MEM-002', 'prompt_injection', 'LOW', false,
    'Maintains agent memory or instruction files (CLAUDE.md, AGENTS.md, ...): disclosed.'),
  // -- hosts and manifest -------------------------------------------------------------------------
  hostInCode: rule('HOST-UNDECL-001', 'undeclared_external_host', 'MEDIUM', false,
    'Data sent to a host that the declared manifest.externalCalls does not cover.'),
  hostInProse: rule('HOST-UNDECL-002', 'undeclared_external_host', 'LOW', false,
    'Host called from code that the declared manifest.externalCalls does not cover.'),
  capabilityUndeclared: rule('MANIFEST-CAP-001', 'manifest_mismatch', 'MEDIUM', false,
    'Hidden behaviour (a shell-out from code, credential reads) that the declared capabilities leave out.'),
  capabilityUnused: rule('MANIFEST-CAP-002', 'manifest_mismatch', 'INFO', false,
    'Declared capability that the skill never uses.'),
  capabilityUnknown: rule('MANIFEST-CAP-003', 'manifest_mismatch', 'LOW', false,
    'Capability name in the manifest that is not in the capability vocabulary.'),
  capabilityVisible: rule('MANIFEST-CAP-004', 'manifest_mismatch', 'LOW', false,
    'Visible behaviour (a shell block, a file write) that the declared capabilities leave out.'),
  // -- supply chain -------------------------------------------------------------------------------
  typosquat: rule('SUPPLY-TYPO-001', 'dependency', 'HIGH', true,
    'Installs a package whose name is one typo away from a popular package (typosquatting).'),
  indexConfusion: rule('SUPPLY-INDEX-001', 'dependency', 'HIGH', true,
    'Adds an extra package index on an unknown host (dependency confusion) or points the package manager at a look-alike host.'),
  indexReplaced: rule('SUPPLY-INDEX-002', 'dependency', 'HIGH', false,
    "Replaces the package manager's index with one on a host that is not a well-known index (an organisation's internal mirror looks the same as an attacker's); a human checks whose it is."),
  // -- concealment --------------------------------------------------------------------------------
  zeroWidth: rule('HIDDEN-ZW-001', 'hidden_content', 'HIGH', true,
    'Zero-width characters hidden in the text.'),
  bidi: rule('HIDDEN-BIDI-001', 'hidden_content', 'HIGH', true,
    'Bidirectional control characters that reorder displayed text (trojan source).'),
  tagChars: rule('HIDDEN-TAG-001', 'hidden_content', 'CRITICAL', true,
    'Unicode tag characters (U+E0000-E007F) carrying invisible text (ASCII smuggling).'),
  softHyphen: rule('HIDDEN-SPLIT-001', 'hidden_content', 'MEDIUM', false,
    'Invisible separators (soft hyphen, invisible times) splitting words.'),
  cssHidden: rule('HIDDEN-CSS-001', 'hidden_content', 'HIGH', true,
    'HTML hidden with CSS (display:none, visibility:hidden, zero size) carrying instruction-like text.'),
  commentInstruction: rule('HIDDEN-COMMENT-001', 'hidden_content', 'HIGH', true,
    'HTML or Markdown comment hiding an instruction override, a reviewer steer, or an ask for secrets, data sent away, remote code, destruction or concealment, invisible in the rendered file.'),
  comment: rule('HIDDEN-COMMENT-002', 'hidden_content', 'INFO', false,
    'HTML or Markdown comment invisible in the rendered file.'),
  padding: rule('HIDDEN-PAD-001', 'hidden_content', 'HIGH', true,
    'Content pushed out of view by long whitespace padding.'),
  homoglyph: rule('HIDDEN-HOMO-001', 'hidden_content', 'LOW', false,
    'Word mixing Latin letters with Cyrillic or Greek look-alikes.'),
  homoglyphCode: rule('HIDDEN-HOMO-003', 'hidden_content', 'HIGH', true,
    'A word inside code (a package, command, identifier or path) written with look-alike letters from another script: it reads as one name and runs or installs another.'),
  hiddenProgram: rule('HIDDEN-CODE-001', 'hidden_content', 'CRITICAL', true,
    'A comment the rendered page does not show carries a program that runs downloaded code or sends secrets out.'),
  homoglyphHost: rule('HIDDEN-HOMO-002', 'hidden_content', 'CRITICAL', true,
    'Host name written with look-alike letters from another script (IDN homograph).'),
  encodedBlob: rule('OBF-BLOB-001', 'obfuscation', 'LOW', false,
    'Encoded blob (base64, hex or escape chain).'),
  encodedPayload: rule('OBF-BLOB-002', 'obfuscation', 'HIGH', true,
    'Encoded blob that decodes to injection, shell or exfiltration content.'),
  decodeExec: rule('OBF-EVAL-001', 'obfuscation', 'HIGH', true,
    'Decoded content executed (eval(atob(...)), exec(base64.b64decode(...)), base64 -d | sh).'),
  evasion: rule('OBF-EVADE-001', 'obfuscation', 'HIGH', true,
    'Command hidden by quoting, escapes or string building; it only matches once normalised.'),
  // -- the effect model (effects/policies.ts) ---------------------------------------------------
  secretPublish: rule('EFFECT-EXFIL-002', 'credential_exfiltration', 'CRITICAL', true,
    'Secrets copied into something that is then published or pushed (a repository, a gist, a package, an image).'),
  secretMount: rule('EFFECT-EXFIL-003', 'credential_exfiltration', 'CRITICAL', true,
    'A credential folder mounted into a container image that is not the credential owner\'s.'),
  overrideUnpinned: rule('EFFECT-INSTALL-002', 'dependency', 'HIGH', false,
    'Replaces a dependency everywhere in the build with a moving source (a repository branch rather than a pinned commit, or a tarball on a host that is not a package registry): whatever is served there next is built in; a human checks whose it is.'),
  installHostile: rule('EFFECT-INSTALL-001', 'dependency', 'HIGH', true,
    'Installs or runs a package fetched from a raw IP, plain HTTP, a paste site or a host imitating a well-known one.'),
  persistHostile: rule('EFFECT-PERSIST-001', 'shell_execution', 'CRITICAL', true,
    'A write where something runs later or trust changes (authorized_keys, agent hooks, MCP configs, editor tasks, cron, rc files) that sends data out, runs remote content or grants access.'),
  persistNote: rule('EFFECT-PERSIST-002', 'shell_execution', 'MEDIUM', false,
    'Sets up something that runs later (agent hook, editor task, MCP server, scheduler entry): disclosed.'),
  pushCopy: rule('EFFECT-PERSIST-004', 'shell_execution', 'HIGH', false,
    'Adds a second destination to a repository\'s pushes (an extra push URL, a push mirror) on a host that is not a well-known code host: every later push also sends the code there; a human checks whose host it is.'),
  autoApprove: rule('EFFECT-PERSIST-003', 'prompt_injection', 'HIGH', true,
    'Configures the agent or an MCP server so tools run without asking (alwaysAllow, autoApprove, bypassPermissions, wildcard allow rules).'),
  trustOff: rule('EFFECT-TRUST-001', 'dependency', 'HIGH', true,
    'Turns off certificate checks or trusts another host for package downloads in a package-manager configuration.'),
  tlsOffCode: rule('EFFECT-TRUST-002', 'dependency', 'HIGH', false,
    'Code the skill runs or has the agent write turns certificate checks off: every connection it makes can be intercepted.'),
  tlsOffHidden: rule('EFFECT-TRUST-003', 'dependency', 'HIGH', true,
    'Code turns certificate checks off and silences the warning (or replaces the hostname check) so the user is not told.'),
  privilegeGrant: rule('EFFECT-PRIV-001', 'shell_execution', 'CRITICAL', true,
    'Grants unrestricted privilege: passwordless sudo for every command, cluster-admin to a person or group, a setuid shell, cloud data or control open to anyone with an account.'),
  privilegeNote: rule('EFFECT-PRIV-002', 'shell_execution', 'HIGH', false,
    'Changes privilege in a narrower way (a sudo rule for one command, an admin group, setuid on a binary, a cluster role for a service account); a human checks it.'),
  privilegeFixed: rule('EFFECT-PRIV-003', 'shell_execution', 'MEDIUM', false,
    'A passwordless sudo rule limited to fixed commands that cannot open a shell or write files (a service restart): disclosed.'),
  defenseRollback: rule('EFFECT-PRIV-004', 'shell_execution', 'MEDIUM', false,
    'A host firewall or enforcement switched off as a troubleshooting step that the skill switches back on: disclosed.'),
  timeBomb: rule('EFFECT-DESTROY-002', 'shell_execution', 'CRITICAL', true,
    'Deletion that waits for a date or time condition (a time bomb).'),
  gateOff: rule('EFFECT-GATE-001', 'prompt_injection', 'HIGH', false,
    "Switches off a verification gate of the user's project so a failing check passes (`|| true` on a test or CI command, required status checks removed, assertions that cannot fail, a lower coverage threshold); a human checks why."),
  gatesOff: rule('EFFECT-GATE-002', 'prompt_injection', 'CRITICAL', true,
    "Switches off several verification gates of the user's project at once so failures pass unseen: the project's tests and CI no longer tell anyone anything."),
  pwnRequest: rule('EFFECT-CI-001', 'shell_execution', 'CRITICAL', true,
    "A workflow anyone can trigger runs their code or their words with the repository's secrets or a write token: pull_request_target checking out the pull request's head and running it, or a coding agent prompted with the text of an issue, comment or pull request."),
  pwnRequestNote: rule('EFFECT-CI-002', 'shell_execution', 'HIGH', false,
    "A workflow triggered by pull_request_target checks out the pull request's head and runs it; no secret is named, but the job's token and caches are the base repository's; a human checks it."),
  physicalBackdoor: rule('EFFECT-PRIV-005', 'shell_execution', 'CRITICAL', true,
    "Adds a home-automation trigger reachable from the internet, under an id the skill fixes, that unlocks doors or disarms the alarm."),
  webSkimmer: rule('EFFECT-WEB-002', 'credential_exfiltration', 'CRITICAL', true,
    "Adds a third party's script to the payment pages with the card fields open to it (a web skimmer): whoever runs its host reads the customers' cards."),
  weakWeb: rule('EFFECT-WEB-001', 'prompt_injection', 'HIGH', false,
    'Code the skill has the agent write lets other sites or clients in (CORS reflecting any origin with credentials, every request parameter mass-assigned); a human checks it.'),
  openDatabase: rule('EFFECT-OPEN-001', 'prompt_injection', 'HIGH', true,
    'Configures a database server to accept anyone from any address without a password (pg_hba trust for 0.0.0.0/0, Redis protected mode off on every interface, MySQL skip-grant-tables), or an SSH server to take root logins with a password.'),
  weakCrypto: rule('EFFECT-CRYPTO-001', 'prompt_injection', 'HIGH', false,
    'Code the skill has the agent write uses weak cryptography (passwords hashed with MD5/SHA-1, ECB mode, a fixed fallback key); a human checks it.'),
  authBackdoor: rule('EFFECT-AUTH-001', 'prompt_injection', 'CRITICAL', true,
    'Code the skill has the agent write lets in whoever knows a fixed value (a header, a master password) as a user or an administrator: a backdoor.'),
  requestExec: rule('EFFECT-RCE-001', 'shell_execution', 'CRITICAL', true,
    'Server code the skill has the agent write runs what an incoming request sends, as a command or as code: whoever reaches the route runs commands on the server.'),
  authOff: rule('EFFECT-AUTH-002', 'prompt_injection', 'HIGH', true,
    'Code the skill has the agent write accepts unsigned tokens (alg "none", signature not verified): logins can be forged.'),
  authExpiryOff: rule('EFFECT-AUTH-003', 'prompt_injection', 'HIGH', false,
    'Code the skill has the agent write ignores token expiry (a refresh flow may do so on purpose); a human checks it.'),
  cryptoMiner: rule('EFFECT-MINER-001', 'shell_execution', 'HIGH', false,
    'Configures a cryptocurrency miner (a stratum mining-pool address); a human checks whether that is what the skill is for.'),
  cryptoMinerPersistent: rule('EFFECT-MINER-002', 'shell_execution', 'CRITICAL', true,
    'Configures a cryptocurrency miner and sets something up to run again later: the machine mines for someone else.'),
  payeeSwap: rule('EFFECT-PAYEE-001', 'prompt_injection', 'CRITICAL', true,
    'Payment code the skill has the agent write pays a fixed wallet address or connected account in place of the one the user configures.'),
  recoveryRemoved: rule('EFFECT-DESTROY-004', 'shell_execution', 'HIGH', false,
    "Takes away one of the account's means of recovery or audit (backups or snapshots deleted, automated backups off, versioning suspended, an audit trail or threat detector deleted, a cluster's namespaces deleted); a human checks the intent."),
  recoveryWiped: rule('EFFECT-DESTROY-005', 'shell_execution', 'CRITICAL', true,
    'Takes away several of the account\'s means of recovery and audit at once (backups, snapshots, versioning, audit trails, threat detection): the shape of sabotage or of covering an intrusion.'),
  eraseTraces: rule('EFFECT-DESTROY-003', 'shell_execution', 'HIGH', false,
    "Erases the record of what was done: clears shell history or deletes the agent's conversation transcripts; a human checks why."),
  effectsCutOff: rule('EFFECT-BUDGET-001', 'obfuscation', 'MEDIUM', false,
    'The code blocks were not all read within the analysis budget; a human checks the rest.'),
  // -- metadata -----------------------------------------------------------------------------------
  metadataNote: rule('META-001', 'manifest_mismatch', 'INFO', false,
    'The frontmatter did not follow the Agent Skills format; the value was inferred.'),
} as const satisfies Record<string, RuleDef>;

export type RuleKey = keyof typeof RULES;

/** The rule table in a stable order. */
export const RULE_TABLE: readonly RuleDef[] = Object.freeze(Object.values(RULES));

export function ruleById(ruleId: string): RuleDef | undefined {
  return RULE_TABLE.find((r) => r.ruleId === ruleId);
}

export function makeFinding(def: RuleDef, message: string, location: Location): Finding {
  return {
    ruleId: def.ruleId,
    category: def.category,
    severity: def.severity,
    blocking: def.blocking,
    message,
    location: { line: location.line, column: location.column, snippet: location.snippet },
    fix: def.fix,
  };
}

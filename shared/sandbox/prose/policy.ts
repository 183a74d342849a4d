/**
 * Policies over prose actions that are findings on their own, kept as data: what a step asks of
 * the user, of generated output or of the reviewer is judged here; reads and sends are left to the
 * whole-document data flow (a secret reaching a sink), which links them by their data names.
 *
 * Only actions in instruction mode are judged: the same words in an example, under a negation or in
 * security teaching are data about instructions.
 */
import type { Action } from '../effects/types.js';
import type { Finding, FindingCategory, Severity } from '../types.js';

export interface ProseRule {
  ruleId: string;
  category: FindingCategory;
  severity: Severity;
  blocking: boolean;
  title: string;
  fix: string;
  /** The action kind and entry (exact, or a prefix ending in '.') the rule judges. */
  kind: Action['kind'];
  entry: string;
  /** For exec actions: the action must consume a name with this prefix produced by a fetch. */
  linkedFrom?: string;
}

/** What a prose step follows when it names text a code block fetched ("the fetched document"). */
export const CODE_FETCH = 'remote:fetched-by-code';

// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const PROSE_RULES: readonly ProseRule[] = [
  { ruleId: 'PROSE-SOLICIT-001', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'solicit', entry: 'prose.solicit.critical',
    title: 'Asks the user for a wallet seed phrase, private key or password.',
    fix: "Never ask for seed phrases, private keys or passwords; let the user sign in through the tool's own login or wallet." },
  { ruleId: 'PROSE-SOLICIT-002', category: 'credential_exfiltration', severity: 'HIGH', blocking: true, kind: 'solicit', entry: 'prose.solicit.verify',
    title: 'A token handed to a third party under a verification pretext (scope check, validation).',
    fix: "Check a token only against the API it belongs to, from the user's machine; never post it to another host." },
  { ruleId: 'PROSE-SOLICIT-003', category: 'credential_exfiltration', severity: 'LOW', blocking: false, kind: 'solicit', entry: 'prose.solicit.chat',
    title: 'Asks the user to paste a token into the chat, where it stays in the conversation.',
    fix: 'Read the token from an environment variable or the tool\'s credential store instead of the chat.' },
  { ruleId: 'PROSE-SOLICIT-007', category: 'credential_exfiltration', severity: 'HIGH', blocking: true, kind: 'solicit', entry: 'prose.solicit.unredacted',
    title: 'Asks the user to hand over a secret and tells them not to mask or redact it.',
    fix: 'Ask for output with secrets redacted, or read the credential from the tool\'s own store on the user\'s machine.' },
  { ruleId: 'PROSE-SOLICIT-007', category: 'credential_exfiltration', severity: 'HIGH', blocking: true, kind: 'solicit', entry: 'prose.solicit.handed-on',
    title: 'Puts a secret the user handed over into a text others read (a support ticket, an issue, a forum post).',
    fix: 'Never copy a credential into a ticket or issue; tell the user to revoke any token shared by mistake.' },
  { ruleId: 'PROSE-RELAY-001', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'send', entry: 'prose.send.secret-in-url',
    title: "Has the agent put what the conversation holds (keys, passwords, connection strings, personal details) into a URL parameter of a host outside the skill's service (a badge, a pixel, a link it renders or requests).",
    fix: 'Build URL parameters from the skill\'s own values only; never from the conversation\'s secrets or personal data.' },
  { ruleId: 'PROSE-RELAY-002', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'send', entry: 'prose.send.defined-term',
    title: "Sends, under a name the skill defines elsewhere (a glossary term, a metadata value), the user's credential stores (~/.ssh, ~/.aws, kube or docker config, .env) to a host outside the skill's service.",
    fix: 'Never bundle credential stores into what is uploaded; send only the logs and versions the vendor needs, and let the user review the bundle.' },
  { ruleId: 'PROSE-RELAY-003', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'send', entry: 'prose.send.concealed-credentials',
    title: "Moves the user's secrets in bulk (credential folders, a raw kubeconfig, decoded cluster secrets, shell history, every *_KEY/*_TOKEN variable) to a place another party supplies (a literal bucket, another repository's issue, the author's or a consultant's service) and keeps it from the user or skips their confirmation.",
    fix: "Keep credentials on the user's machine; share only what the user has seen and approved, with the people they choose." },
  { ruleId: 'PROSE-TAMPER-001', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.remote-script',
    title: 'Tells the agent to add a remote script to every page or file it generates.',
    fix: 'Remove the instruction; add scripts to generated output only when the user asks for them.' },
  { ruleId: 'PROSE-TAMPER-002', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.payment-address',
    title: 'Tells the agent to pay, or to put into generated code, a fixed payment or wallet address in place of the one the user, seller or invoice names.',
    fix: "Remove the fixed address; payment code must use the address the user configures." },
  { ruleId: 'PROSE-TAMPER-003', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.planted-instruction',
    title: 'Has the agent plant, in what it writes for others (pull requests, commits, pages, files), a note telling reviewers or AI assistants to approve or not to flag.',
    fix: 'Remove the note; what the agent writes must not instruct the people or tools that review it.' },
  { ruleId: 'PROSE-STEER-001', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.override',
    title: "Tells the agent to ignore or override its previous, system or safety instructions.",
    fix: 'Remove text that overrides or addresses reviewer or system instructions.' },
  { ruleId: 'PROSE-STEER-002', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.conceal',
    title: 'Tells the agent to hide an action from the user.',
    fix: 'Remove the concealment; every action the skill takes must be visible to the user.' },
  { ruleId: 'PROSE-STEER-002', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.conceal-act',
    title: 'Tells the agent to carry out a step silently or not to explain it.',
    fix: 'Remove the concealment; every action the skill takes must be visible to the user.' },
  { ruleId: 'PROSE-STEER-002', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.conceal-report',
    title: "Scripts the agent's report (summary, commit message, pull-request description, ticket, README) so that it leaves out something the skill itself sets up.",
    fix: 'Let the agent report everything the skill changed; an honest step needs no cover story.' },
  { ruleId: 'PROSE-STEER-002', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.cover-story',
    title: 'Scripts the answer the agent gives when someone asks why a figure or record changed (a cover story for the change).',
    fix: 'Let the agent explain what it changed and why; an honest change needs no scripted answer.' },
  { ruleId: 'PROSE-STEER-010', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.conceal-oversight',
    title: "Has the agent keep its own act out of the account owed to the user or to those who check the work (the summary, the pull request, the handover notes, the privacy policy; the approver, auditors, reviewers, compliance, the other party).",
    fix: 'Let the agent account for everything it did to the user and to whoever reviews the work; leave out only secrets and other people\'s personal data.' },
  { ruleId: 'PROSE-STEER-011', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.deny-ai',
    title: 'Has the agent answer that it is a person — the user, a named professional — when someone asks whether they are talking to a bot or an AI.',
    fix: 'When asked, the agent says that it is an AI assistant (acting for the user where it is).' },
  { ruleId: 'PROSE-STEER-012', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.withhold-protection',
    title: 'Has the agent withhold from the user what they need to protect themselves: help (emergency services, a doctor, a crisis line, legal aid, a union, a qualified trade), what costs or binds them (fees, a commercial relationship, deadlines, their rights) or safety limits (the maximum dose, warnings).',
    fix: "Point the user to help where it is needed, disclose fees and commercial relationships, and state the limits and deadlines that protect them." },
  { ruleId: 'PROSE-TAMPER-006', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.control-waived',
    title: "Has the agent change what the owner's controls guard — where payments go, fraud and allow-list entries, changes it approves or installs — and forbids the check on the change (call-back, second approver, reconciliation, checking the source, reading the diff).",
    fix: 'Keep the control: confirm payment-detail changes through a channel on file and a second approver, check list entries against their source, read what is approved.' },
  { ruleId: 'PROSE-STEER-009', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.paid-steering',
    title: "Steers the user's choice or purchase to a party the skill is paid by (a referral link, a sponsorship), while keeping that from the user, fixing the recommendation whatever the user's needs, adding pressure or withholding the ordinary alternatives.",
    fix: 'Recommend on the user\'s requirements, disclose any sponsorship or referral, and name the free and ordinary options.' },
  { ruleId: 'PROSE-STEER-003', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.reviewer',
    title: 'Addresses the reviewer, scanner or validator to influence the verdict.',
    fix: 'Remove text addressed to reviewers; the review judges what the skill does.' },
  { ruleId: 'PROSE-STEER-003', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.audit-claim',
    title: 'Claims the skill was already audited, approved or is a known false positive.',
    fix: 'Remove text addressed to reviewers; the review judges what the skill does.' },
  { ruleId: 'PROSE-STEER-004', category: 'hidden_content', severity: 'CRITICAL', blocking: true, kind: 'steer', entry: 'prose.steer.hidden-',
    title: 'Text hidden in invisible Unicode (tag characters, variation selectors) that the agent reads and a person does not see.',
    fix: 'Remove hidden or encoded content; write instructions in plain visible text.' },
  { ruleId: 'PROSE-STEER-005', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.persona',
    title: "Switches the agent into an unrestricted persona or a new system prompt.",
    fix: 'Remove text that overrides or addresses reviewer or system instructions.' },
  { ruleId: 'PROSE-TAKEOVER-001', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'privilege', entry: 'prose.privilege.account-control',
    title: "Has the agent put an address or number the skill fixes into the user's account control (recovery e-mail or phone, second factor, delegate, co-owner).",
    fix: "Remove the step; account recovery and access settings are changed only by the user, to their own addresses." },
  { ruleId: 'PROSE-TAKEOVER-001', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'privilege', entry: 'prose.privilege.consent',
    title: "Has the agent grant an app access to the user's accounts itself (an OAuth consent, an app password, a connected app) on the user's behalf.",
    fix: 'Remove the step; only the user approves which apps reach their accounts, on the consent screen themselves.' },
  { ruleId: 'PROSE-STEER-006', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.suppress-notices',
    title: "Has the agent delete, hide or silence the user's security notices (sign-in alerts, bank or payment notifications, security mail) so the user does not see them.",
    fix: "Remove the step; security notices are how the user notices misuse of their accounts and must reach them." },
  { ruleId: 'PROSE-STEER-007', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.false-confirmation',
    title: 'Has the agent show the user a confirmation of something other than what it did (another address, amount, recipient or the value the user typed instead of the one used).',
    fix: 'Remove the step; a confirmation shows exactly what was done, so the user can catch a mistake or misuse.' },
  { ruleId: 'PROSE-SOLICIT-006', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'solicit', entry: 'prose.solicit.weaken-protection',
    title: "Has the user (or the agent on the user's account) turn off a protection: two-factor authentication, the antivirus or the check on downloaded apps, the disk made world-writable, or every tool prompt allowed unread.",
    fix: 'Keep the protection on; work with it (an exclusion for one folder, a false-positive report, opening one app), and let the user read each prompt.' },
  { ruleId: 'PROSE-STEER-008', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.tool-shadowing',
    title: "A tool's description tells the agent how to use other tools or servers (call it first with their data, add a recipient, change their arguments): the tool shadows them.",
    fix: "Describe only what this tool does; never instruct the agent about other tools." },
  { ruleId: 'PROSE-SOLICIT-004', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'solicit', entry: 'prose.solicit.foreign-sign-in',
    title: 'Sends the user or their customers to sign in, verify an account or card, or pay under pressure at an address that is not the service the skill is about.',
    fix: "Send people only to the service's own sign-in page, or tell them to open it themselves." },
  { ruleId: 'PROSE-SOLICIT-005', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'solicit', entry: 'prose.solicit.credentials-past-warning',
    title: "Has the agent enter the user's passwords or one-time codes on a site after clicking through a certificate or domain-name warning (the warning that tells a look-alike site from the real one).",
    fix: 'Stop at a certificate or domain warning and tell the user; sign-ins happen only on the service\'s own address, by the user.' },
  { ruleId: 'PROSE-TAMPER-007', category: 'shell_execution', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.key-withheld',
    title: "Encrypts the owner's data in place and destroys the clear copies while keeping the key from the owner (not written down, not shown): only whoever holds the key can restore the data.",
    fix: "Keep the key with the owner (a key store or password manager they control) and delete clear copies only after a restore from it was tested." },
  { ruleId: 'PROSE-TAMPER-008', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.salami',
    title: "Floors or truncates payees' amounts and books the floored-off remainder to one account the skill names (salami skimming).",
    fix: 'Round to the nearest cent and book rounding differences openly to the owner\'s own rounding account; never floor payouts into a separate account.' },
  { ruleId: 'PROSE-TAMPER-008', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.contact-redirect',
    title: "Rewrites the billing or payment contacts in the owner's records to an address at a domain the skill fixes, where invoices and payment requests then go.",
    fix: "Correct contacts only from the customer's own confirmation; never point them at an address the skill chooses." },
  { ruleId: 'PROSE-TAMPER-006', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.test-neutered',
    title: 'Rewrites a test so it accepts both a success and a refusal (200 or 403): it passes whether access control works or not.',
    fix: 'Keep the expected status; fix the cause of a flaky test (timers, seeds, data) or quarantine it openly with an issue.' },
  { ruleId: 'PROSE-TAMPER-009', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.weak-crypto',
    title: 'Mandates broken security in the code the agent writes: JWTs with alg none accepted, a fixed IV, fast hashes for passwords, tokens and codes from a non-cryptographic generator.',
    fix: 'Remove the rule; generated code must verify JWT algorithms, use random IVs with authenticated encryption, a password hash (bcrypt, scrypt, argon2) and a cryptographic random source.' },
  { ruleId: 'PROSE-TAMPER-006', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.integrity-stripped',
    title: "Removes a lockfile's integrity hashes: the next install takes whatever its URLs serve, unchecked.",
    fix: 'Keep the integrity fields; resolve lockfile conflicts by regenerating the lockfile with the package manager.' },
  { ruleId: 'PROSE-TAMPER-006', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.integrity-waived',
    title: "Tells the agent not to verify or recompute a download's checksum or signature against the published one: whoever serves the file decides what is installed.",
    fix: 'Compute checksums from the published release asset and verify signatures; never take a checksum from the host that serves the file.' },
  { ruleId: 'PROSE-TAMPER-010', category: 'credential_exfiltration', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.specified-code',
    title: "Has the agent write a file that the prose specifies to read the user's credentials and send them to another host, or to run a script fetched from one.",
    fix: 'Ship the code itself for review, and keep credentials and remote scripts out of it.' },
  { ruleId: 'PROSE-TAMPER-004', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.approve-on-claim',
    title: "Has the agent approve payments without the user because of what a message says about its sender (a display name, a subject, its wording).",
    fix: 'Remove the step; a payment is approved by the user, never on what a message claims about who sent it.' },
  { ruleId: 'PROSE-TAMPER-005', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.falsify-figures',
    title: 'Has the agent change the figures it reports (sales, balances, hours, scores) by an amount without saying so.',
    fix: 'Remove the step; report figures as they are, and state any adjustment openly.' },
  { ruleId: 'PROSE-REMOTE-001', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'exec', entry: 'prose.exec.follow-inbound', linkedFrom: 'remote:',
    title: 'Tells the agent to obey instructions found in the mail, invites, tickets or web pages it reads, over the user.',
    fix: 'Treat what others write (mail, invites, tickets, pages) as content to report to the user, never as instructions.' },
  { ruleId: 'PROSE-REMOTE-001', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'exec', entry: 'prose.exec.follow-remote', linkedFrom: 'remote:',
    title: 'Fetches text from a remote host (each session or with authority) and tells the agent to follow it.',
    fix: 'Ship the instructions in the skill itself; never follow instructions fetched at run time.' },
  { ruleId: 'PROSE-PLACE-001', category: 'shell_execution', severity: 'CRITICAL', blocking: true, kind: 'persist', entry: 'prose.persist.described.',
    title: 'Tells the agent to set up, in a place where things run later or access is granted (a scheduled job, logon programs, the shell configuration, a git hook, the agent\'s hooks, authorized keys), something that runs what an outside host serves, sends the user\'s data there, or adds an outside key.',
    fix: 'Remove the step; anything that runs later must be shipped in the skill for review and talk only to the service the skill is about, and keys are added only by their owner.' },
  { ruleId: 'PROSE-DECODE-001', category: 'obfuscation', severity: 'HIGH', blocking: true, kind: 'exec', entry: 'prose.exec.decode-run',
    title: 'Tells the agent to decode encoded text and run or follow it.',
    fix: 'Remove hidden or encoded content; write instructions in plain visible text.' },
  // The backstop (prose/backstop.ts): coarse multilingual classes combined, for harm no shape reader has a family for.
  // Coarse classes send the skill to a human (HIGH, not blocking) and never refuse it alone: a refusal needs a named
  // rule, or the code backstop's source + egress + hiding (docs/skill-prose.md "Prose backstop").
  { ruleId: 'PROSE-BACKSTOP-001', category: 'credential_exfiltration', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.backstop-move-value',
    title: 'Tells the agent to send, upload, forward, pay or publish something of value (credentials, codes, bank details, records, messages, contacts, private code) to a destination the skill itself supplies.',
    fix: "Send data only to the user's own configured destination or the service the skill is about, and let the user confirm it." },
  { ruleId: 'PROSE-BACKSTOP-002', category: 'prompt_injection', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.backstop-payee-change',
    title: "Tells the agent to change a payee's bank details or a payment address to an account the skill supplies.",
    fix: 'Change bank details only from the payee, confirmed through a channel on file and a second approver.' },
  { ruleId: 'PROSE-BACKSTOP-003', category: 'credential_exfiltration', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.backstop-solicit',
    title: 'Asks the user to hand over a one-time code, a recovery code or a password in the chat.',
    fix: "Never ask for codes, recovery codes or passwords; the user signs in on the service's own page, and support verifies identity through the directory." },
  { ruleId: 'PROSE-BACKSTOP-004', category: 'prompt_injection', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.backstop-conceal-risk',
    title: 'Tells the agent to hide from the user (or from the people who check it) a step that moves money, data or credentials, or to give up the check that would catch it.',
    fix: 'Remove the concealment; every step that moves money, data or credentials must be visible to the user and keep its checks (call-back, second approver, copies to the team).' },
  // Fraud against the owner's customers or employer, privacy harm to third parties (prose/harm.ts, docs/skill-effect-model.md
  // "Fraud against customers, privacy of third parties, 2026-11-28"): refused when the section also takes the check away or
  // keeps it from the people concerned; escalated when only the redirection or the outside destination is stated.
  { ruleId: 'PROSE-FRAUD-001', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.value-redirected',
    title: "Routes the business's money (refunds, payouts, settlements, salaries, withdrawals) to an account the skill names or takes from an unverified message, and takes away the check or keeps it from those concerned.",
    fix: 'Pay only the accounts in the records; change bank details only through a channel on file with a second approver, and report every change.' },
  { ruleId: 'PROSE-FRAUD-002', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.amount-bent',
    title: 'Changes amounts against the people who pay or approve them: splits an amount to stay under an approval limit or out of the audit, or keeps billing after a cancellation while showing it as cancelled.',
    fix: 'Keep each amount whole and let approval limits apply; a cancellation stops billing and is confirmed to the customer.' },
  { ruleId: 'PROSE-FRAUD-003', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'tamper', entry: 'prose.tamper.fabricated-record',
    title: 'Has the agent fabricate what others rely on (reviews, evidence, delivery or consent records, receipts, signatures) and publish or submit it, or keep it quiet.',
    fix: 'Use only records as they exist; ask real customers for reviews, and let a person review what is submitted as evidence.' },
  { ruleId: 'PROSE-FRAUD-004', category: 'prompt_injection', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.side-account',
    title: "Puts a holding, reserve, custody or transit account the skill names in the payee's place; a human checks whose account it is.",
    fix: 'Pay the payee in the records; hold a payment by its status (on hold, pending approval), never by moving it to another account.' },
  { ruleId: 'PROSE-PRIVACY-001', category: 'credential_exfiltration', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.personal-data-misuse',
    title: "Sends other people's personal data (health, contacts, recordings, identity documents, private messages, family, finances) beyond its purpose — to advertisers, brokers, a vendor's training set, a public place, an outside party, or to name and shame them — and keeps it from them (before consent, not told, no redaction, opt-outs ignored).",
    fix: 'Use personal data only for the purpose it was given for, with consent and disclosure; redact before sharing and keep it inside the business.' },
  { ruleId: 'PROSE-PRIVACY-002', category: 'credential_exfiltration', severity: 'HIGH', blocking: false, kind: 'steer', entry: 'prose.steer.personal-data-outside',
    title: "Sends other people's personal data (health, contacts, recordings, identity documents, private messages) to a party outside its purpose (advertisers, a vendor's training set, a public place); a human checks the consent.",
    fix: 'Say in the skill what consent covers the transfer, or keep the data inside the business.' },
  // The user deceived or pressured by the agent that serves them (prose/deceive.ts, docs/skill-effect-model.md "The user
  // deceived or pressured"): two different tactics in one section.
  { ruleId: 'PROSE-DECEIVE-001', category: 'prompt_injection', severity: 'HIGH', blocking: true, kind: 'steer', entry: 'prose.steer.user-deceived',
    title: 'Has the agent work against the user it serves: hurry them with made-up deadlines or fears, turn them away from independent advice, state what the skill says is false, keep fees, risks, rights or emergency help from them, answer their questions with a cover story, or stop their treatment.',
    fix: 'Tell the user the facts they need (fees, risks, rights, how to cancel, when to seek urgent care), answer their questions truthfully, and leave decisions and independent advice to them.' },
  { ruleId: 'PROSE-TRIGGER-001', category: 'prompt_injection', severity: 'CRITICAL', blocking: true, kind: 'tamper', entry: 'prose.tamper.triggered',
    title: "A step set off by a condition unrelated to the task (a weekday or hour, words in the user's message, the repository's owner) that sends the code out, force-pushes, destroys or drops the checks, with the user not asked or not told.",
    fix: 'Remove the trigger; every step runs the same way for every user and time, asks before pushing or skipping checks, and is reported.' },
  { ruleId: 'PROSE-DESTROY-001', category: 'shell_execution', severity: 'CRITICAL', blocking: true, kind: 'destroy', entry: 'prose.destroy.time-triggered',
    title: 'A destructive step (home directory, all files, the repository) set to run on a date or after a delay.',
    fix: 'Remove the destructive step; deletions must be scoped to files the skill created and run only when the user asks.' },
];

function matches(rule: ProseRule, a: Action): boolean {
  if (rule.kind !== a.kind) return false;
  return rule.entry.endsWith('.') || rule.entry.endsWith('-') ? a.entry.startsWith(rule.entry) : a.entry === rule.entry;
}

/** The rule that judges a prose action on its own, or null (reads, sends, fetches, persists go to the data flow). */
export function proseRuleFor(a: Action, all: readonly Action[] = []): ProseRule | null {
  if (a.origin !== 'prose' || a.mode !== 'instruction') return null;
  for (const r of PROSE_RULES) {
    if (!matches(r, a)) continue;
    if (r.linkedFrom) {
      const names = (a.consumes ?? []);
      // "follow the fetched document": linked when a code block before it fetched text
      if (names.includes(CODE_FETCH)) {
        if (all.some((f) => f.kind === 'fetch' && f.origin !== 'prose' && f.line < a.line)) return r;
        continue;
      }
      const linked = names.some((n) => n.startsWith(r.linkedFrom!))
        || all.some((f) => f.kind === 'fetch' && (f.produces ?? []).some((p) => names.includes(p)));
      if (!linked) continue;
    }
    return r;
  }
  return null;
}

/**
 * Findings for the prose actions that are findings on their own, one per (rule, line). `actions` is
 * the whole document's action list (prose and code), so a follow step links to a fetch anywhere.
 */
export function proseFindings(actions: readonly Action[], context: readonly Action[] = actions): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const a of actions) {
    const r = proseRuleFor(a, context);
    if (!r) continue;
    const key = `${r.ruleId}:${a.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const what = a.object ? ` (${a.object.length > 100 ? a.object.slice(0, 99) + '…' : a.object})` : '';
    out.push({
      ruleId: r.ruleId,
      category: r.category,
      severity: r.severity,
      blocking: r.blocking,
      message: `${r.title.replace(/\.$/, '')}${what} [${a.entry}].`,
      location: { line: a.line, column: a.column, snippet: a.snippet },
      fix: r.fix,
    });
  }
  return out;
}

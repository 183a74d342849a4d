/**
 * Purpose policies: general statements over the effect model's actions that need no attack family named
 * (docs/skill-verdicts.md, "Purpose policies"). Each asks one question of what the skill makes the agent do —
 * does the user's secret or personal data leave for a place the skill's stated purpose does not explain; does a
 * party the author fixed (not the user) receive data, money, access or trust; does something get written where it
 * runs later or changes trust without the stated task needing it; is any of that hidden from the user — and grades the
 * answer with the notions the rest of the model already has: the vendor the skill is about, values the user supplies
 * (`$VARS`, placeholders), the instruction mode of the text.
 *
 * One function per policy, each with its statement. The layer runs after the family policies (policies.ts) and speaks
 * on its own: a family finding on the same act does not silence it (the collector keeps one finding per rule and key).
 */
import type { FindingSink } from '../context.js';
import type { RuleKey } from '../rules.js';
import type { SourceText } from '../text.js';
import { hostOf } from '../hosts.js';
import { matchAll } from '../match-all.js';
import { isKnownIndex, SECRET_VENDORS, vendorLabel } from '../reputation.js';
import { gradeUrl, HOSTILE_GRADES, isVendorHost, type GradedHost } from './catalogue/hosts.js';
import { envVendor, persistAt, SECRET_PATHS, type PersistKind } from './catalogue/locations.js';
import type { FlowState, Taint } from './flow.js';
import type { Action } from './types.js';
import { withSectionWords } from './vendor.js';

export interface PurposeContext {
  src: SourceText;
  out: FindingSink;
  flow: FlowState;
  vendorWords: ReadonlySet<string>;
  declared: (host: string) => boolean;
  /** What written content does when it runs (effects/index.ts contentEffects). */
  contentEffects: (text: string, path?: string) => { sendsData: boolean; runsRemote: boolean; hostile: GradedHost | null; readsSecret: boolean };
}

/** One finding of the layer, before it is emitted (the bench reads these directly). */
export interface PurposeHit {
  rule: RuleKey;
  action: Action;
  message: string;
  key: string;
}

// ---------------------------------------------------------------------------------------------------------------
// What the policies share: the kind of a source, who chose a destination, what the skill says it is for.

/**
 * Sources that hold the user's credentials as a whole store: key and credential files and folders, the whole environment,
 * browser, wallet and keychain stores, shell history, saved sessions, what the user types at a hidden prompt, a secret the
 * user is asked to hand over. No vendor the skill talks to needs them: only the user's own destination, or the owner of
 * that one credential (AWS credentials to AWS), explains where they go.
 */
const CREDENTIAL_STORE = /^(?:prose\.)?read\.(?:secret\.(?:ssh|aws|gcloud|azure|kube|docker|gnupg|signing-key|secrets-file|dotenv|env-file|netrc|pkg-token|gh|browser|wallet|keychain|history|system|agent|session-state|memory-image|key-file|tool-config|tfvars|tfstate|terraform-state|git-credentials|kube-secrets|vault|env|cloud|cloud-metadata))$/;
/**
 * Sources that hold the user's private life: mail, messages, contacts, calendar, the screen, the clipboard, the
 * conversation, personal files, a password the user types or a secret they are asked to paste. A service the skill is
 * about may be their purpose (a translator gets the clipboard, a sign-in gets the password), so the vendor the skill
 * names explains them; a host nobody named does not.
 */
const PERSONAL_STORE = /^(?:prose\.)?read\.(?:secret\.(?:clipboard|conversation|agent-context|typed)|personal\.(?:mail|messages|contacts|calendar|screen|files|local-files|typed-input)|personal)$/;

type SourceClass = 'credentials' | 'personal' | 'service';

/** What a source holds: a credential store, the user's private life, or one service's credential or data. */
function classOf(t: Taint): SourceClass {
  const e = t.source.entry;
  // (an SSH public key is what its owner hands out)
  if (/ssh/.test(e) && /\.pub\b/.test(t.source.object ?? '')) return 'service';
  // (a secret the user types or is asked to paste is for a service: the one the skill is about explains it)
  if (t.source.kind === 'solicit') return 'personal';
  if (CREDENTIAL_STORE.test(e)) return 'credentials';
  if (PERSONAL_STORE.test(e)) return 'personal';
  // (a secret a prose step names — "the token", "the API key" — is the user's, whichever service it is for)
  if (e.startsWith('prose.read.')) return 'personal';
  return 'service';
}

/**
 * A value the user supplies: a variable, a placeholder to fill, the documentation names of RFC 2606 (`example.com`,
 * `example.org`, `example.net` themselves) and RFC 6761's reserved `.invalid`, `.test`, `.localhost`. (A named host
 * under them, `drift.envcompare.example.com`, is a fictitious real host, as documents write a particular server.)
 */
const USER_SUPPLIED = /[$<>{}%]|\bENV\b|\byour[-_.]?|\bmy[-_]|^(?:(?:www|api)\.)?example\.(?:com|org|net)$|\.invalid\b|\.test\b|\.localhost\b|placeholder|xxx/i;

/** Who chose where an action's data goes. */
interface Destination {
  /** The host, or the mail domain, or '' when the action names none. */
  host: string;
  /** The user supplies it (a variable, a placeholder), or it is this machine or its network. */
  users: boolean;
  /** Graded like every other host in the model. */
  grade: GradedHost | null;
  /** Published (a repository, a package, a gist, an artifact, a bucket made public). */
  published: boolean;
  /** A name without a dot: a remote, bucket or alias configured somewhere, not a host on the internet. */
  dotless: boolean;
}

const MAIL = /\b[\w.+-]{1,64}@((?:[\w-]{1,63}\.){1,6}[a-z]{2,24})\b/i;
const URL_IN = /\b[a-z][\w+.-]*:\/\/[^\s"'`)<>]+/i;
/** Addresses that stay on this machine: loopback, link-local (the cloud's metadata service). */
const ON_MACHINE = /^(?:localhost|127\.\d+\.\d+\.\d+|169\.254\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0)$/;

/** A shell or template variable used in a text (`$NAME`, `${NAME}`). */
const VARIABLE_USE = /\$\{?([A-Za-z_]\w{0,60})\}?/g;

/**
 * A host held in a variable the skill itself assigns a literal name (`zone=t.example-cdn.net` … `dig "$x.$zone"`): the
 * author's value, not one the user supplies. Null when the variable is not assigned a host name in the document.
 */
const assigned = new WeakMap<SourceText, Map<string, string | null>>();
function assignedHost(src: SourceText, text: string): string | null {
  let memo = assigned.get(src);
  if (!memo) assigned.set(src, (memo = new Map()));
  for (const m of matchAll(text, VARIABLE_USE)) {
    const name = m[1]!;
    if (/^(?:HOME|USER|PWD|HOSTNAME|HOST|i|n|x|chunk|part|line|id|label)$/i.test(name)) continue;
    // (one search of the document per variable name, remembered: a document of many sends asks again and again)
    let host = memo.get(name);
    if (host === undefined) {
      const re = new RegExp(`(?:^|[\\s;{(])(?:export\\s+|local\\s+|readonly\\s+|set\\s+)?${name}\\s*:?=\\s*["']?(?:https?://)?((?:[a-z0-9-]{1,63}\\.){1,6}[a-z]{2,24})(?=[/"'\\s:;]|$)`, 'im');
      host = memo.size < 200 ? re.exec(src.content)?.[1]?.toLowerCase() ?? null : null;
      memo.set(name, host);
    }
    if (host) return host;
  }
  return null;
}

function destinationOf(ctx: PurposeContext, a: Action): Destination {
  const obj = a.object ?? '';
  let host = a.host ?? '';
  if (!host) {
    const u = URL_IN.exec(obj);
    if (u) host = hostOf(u[0]) ?? '';
  }
  if (!host) host = MAIL.exec(obj)?.[1]?.toLowerCase() ?? '';
  // (a name built from variables under a fixed zone, `$h.$chunk.probe.lab.net`: the zone is the author's)
  if (!host && !/:\/\//.test(obj)) host = /[$)}][\w-]*\.((?:[a-z0-9-]{1,63}\.){1,5}[a-z]{2,24})$/i.exec(obj)?.[1]?.toLowerCase() ?? '';
  const published = a.channel === 'publish' || a.entry.startsWith('send.publish') || a.entry === 'prose.send.publish' || !!a.flags?.includes('public');
  let users = host ? USER_SUPPLIED.test(host) : USER_SUPPLIED.test(obj);
  if (users && /\$/.test(host || obj)) {
    // (a variable the skill itself fills with a host name is the author's choice)
    const fixed = assignedHost(ctx.src, host || obj);
    if (fixed && !USER_SUPPLIED.test(fixed)) {
      host = fixed;
      users = false;
    }
  }
  // (a name without a dot is a remote, bucket or alias the user configured, not a host on the internet)
  const dotless = !!host && !users && !host.split(/[/:@]/)[0]!.includes('.');
  if (ON_MACHINE.test(host)) users = true;
  const grade = host && !users && !dotless ? gradeUrl(/^https?:\/\//i.test(obj) ? obj : `https://${host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords)) : null;
  return { host, users: users || grade?.grade === 'local', grade, published, dotless };
}

/** The vendors a source belongs to: the owner of its file, the first word of its variable, a well-known vendor's hosts. */
function ownersOf(t: Taint): string[] {
  const s = t.source;
  const out: string[] = [];
  for (const p of SECRET_PATHS) if (p.entry === s.entry.replace(/^prose\./, '') && p.vendors) out.push(...p.vendors);
  if (s.entry === 'read.secret.env-var' && s.object) for (const sv of SECRET_VENDORS) if (sv.prefix.test(s.object)) out.push(...sv.hosts.map((h) => h.split('.')[0]!));
  return out;
}

/** The vendor a variable's first word names (`MAILCHIMP_API_KEY` → mailchimp), for explaining a host, never for refusing. */
function namedVendor(t: Taint): string[] {
  const v = t.source.entry === 'read.secret.env-var' && t.source.object ? envVendor(t.source.object) : null;
  return v ? [v] : [];
}

function hostOwnedBy(host: string, owners: readonly string[]): boolean {
  const labels = host.toLowerCase().split(/[/:]/)[0]!.split('.');
  return owners.some((o) => labels.includes(o));
}

/** The label that names a host's owner: its registrable label, or the one before a documentation name (`x.acme.example.com` → acme). */
function brandLabel(host: string): string {
  const parts = host.toLowerCase().split(/[/:]/)[0]!.split('.').filter(Boolean);
  const i = parts.findIndex((p, k) => k > 0 && p === 'example');
  if (i > 0) return parts[i - 1]!;
  return vendorLabel(host.split(/[/:]/)[0]!);
}

/**
 * The skill names the host's owner: the host's owner label, hyphens dropped, is written in the skill's name, description
 * or headings (`api.open-meteo.com` in a skill that says "Open-Meteo"). Stricter than the vendor words' containment
 * (a host named `kintone-sync-log` is not Kintone's because the skill is about Kintone): a name made from the skill's
 * topic is the easiest one for an author to give their own server.
 */
function namedBySkill(host: string, words: ReadonlySet<string>): boolean {
  const label = brandLabel(host).replace(/-/g, '');
  if (label.length < 3) return false;
  if (words.has(label)) return true;
  if (label.length < 5) return false;
  let joined = joinedWords.get(words);
  if (joined === undefined) joinedWords.set(words, (joined = [...words].join('')));
  return joined.includes(label);
}
const joinedWords = new WeakMap<ReadonlySet<string>, string>();

function isInstruction(a: Action): boolean {
  return a.mode === 'instruction';
}

/** A send that carries data (a body, a file, a publication, a prose step's object), not only a request for something. */
function carriesData(a: Action, header = false): boolean {
  if (a.kind !== 'send') return false;
  if (a.channel === 'header') return header;
  return a.origin === 'prose' || (a.consumes?.length ?? 0) > 0 || a.channel === 'publish' || a.channel === 'upload' || a.channel === 'stdin';
}

/** The step an action belongs to: its code block, or its prose paragraph (lines up to a blank line or a heading). */
function stepsOf(src: SourceText): (line: number) => string {
  const para = new Int32Array(src.lines.length + 1);
  let start = 1;
  for (let i = 1; i <= src.lines.length; i++) {
    const t = src.lines[i - 1] ?? '';
    if (!t.trim() || /^\s{0,3}#{1,6}\s/.test(t) || src.kinds[i - 1] !== 'prose') start = i + 1;
    para[i] = start;
  }
  return (line) => {
    const b = src.blockOfLine[line - 1] ?? -1;
    return b >= 0 ? `b${b}` : `p${para[line] ?? line}`;
  };
}

/** Entries of acts hidden from the user: concealment, suppressed notices, lies about what ran, erased traces. */
const CONCEALS = /^(?:prose\.steer\.(?:conceal|conceal-act|conceal-report|conceal-oversight|suppress-notices|user-deceived|cover-story|false-confirmation|hidden-|deny-ai|backstop-conceal-risk)|prose\.send\.concealed|prose\.exec\.decode-run$|destroy\.traces$|steer\.conceal)/;

// ---------------------------------------------------------------------------------------------------------------
// (a) POLICY-DATA-001/002

/** How many sends one document's policies judge (a work limit, like the other policies' per-document caps). */
const MAX_JUDGED = 200;

/** A sign-in endpoint's path (`/api/login`, `/v1/auth/token`, `/session`). */
const SIGN_IN_PATH = /\/(?:api\/)?(?:v\d+\/)?(?:auth\/)?(?:log-?in|sign-?in|session|sessions|authenticate|auth|token)\/?$/i;

/** Prose acts that hand a secret the user gave on to a place (`prose.solicit.verify` with its destination after the arrow). */
function relays(a: Action): boolean {
  return a.kind === 'solicit' && (a.flags?.includes('relayed-user-secret') ?? false);
}

/**
 * POLICY-DATA-001: a read of a secret-bearing or personal source whose data reaches — through the data flow, or, in
 * prose, by standing in the same step — an action that sends, publishes or uploads it to a destination the user did
 * not supply and the skill's purpose does not explain. A credential store (keys, cloud credentials, browser, wallet,
 * keychain, history, the whole environment) is explained only by the user's own destination or that credential's owner
 * (or, for a registry's token file, the publish that authenticates with it); a password the user types or a secret they
 * paste, by a host the skill names or the sign-in it is typed for; one well-known vendor's credential, by that vendor.
 * "Names" is strict: the host's owner label is written in the skill's name, description or headings (a host made from
 * the topic's words, `kintone-sync-log`, is not the vendor's). The user's documents, mail or screen sent to a host nobody
 * names are a question (POLICY-DATA-002), as the family rules grade them: "sent away is a question, stolen is refused".
 */
function dataLeavesForUnexplainedPlace(ctx: PurposeContext, actions: readonly Action[], hits: PurposeHit[]): void {
  const stepOf = stepsOf(ctx.src);
  const readsByStep = new Map<string, Action[]>();
  for (const r of actions) {
    if (!isInstruction(r) || r.kind !== 'read' || r.origin !== 'prose') continue;
    const k = stepOf(r.line);
    const list = readsByStep.get(k) ?? [];
    if (list.length < 20) list.push(r);
    readsByStep.set(k, list);
  }
  let judged = 0;
  for (const a of actions) {
    if (!isInstruction(a) || !(carriesData(a, true) || relays(a))) continue;
    const taints = (ctx.flow.reached.get(a) ?? []).filter((t) => t.kind === 'secret');
    if (relays(a)) taints.push({ kind: 'secret', source: a, via: [] });
    // (a store read in the same prose step stands for data the flow did not follow: "collect X and post it to Y")
    if (a.origin === 'prose') for (const r of readsByStep.get(stepOf(a.line)) ?? []) if (!taints.some((t) => t.source === r)) taints.push({ kind: 'secret', source: r, via: [] });
    if (taints.length === 0) continue;
    // (a work limit, not a clock: the first sends that carry something are judged, as the other policies ask at most a
    // few dozen questions per document — a 512 KiB file of ten thousand sends took a quarter second; docs/analysis-limits.md)
    if (++judged > MAX_JUDGED) return;
    const d = destinationOf(ctx, a);
    if (d.users && !d.published) continue;
    if (!d.host && !d.published) continue;
    if (d.host && ctx.declared(d.host) && !d.published) continue;
    const hostile = d.grade ? HOSTILE_GRADES.has(d.grade.grade) : false;
    const sectionWords = withSectionWords(ctx.src, a.line, ctx.vendorWords);
    const named = d.host !== '' && namedBySkill(d.host, sectionWords);
    const known = d.host !== '' && (isKnownIndex(d.host) || ['code-host', 'known-installer'].includes(d.grade?.grade ?? ''));
    for (const t of taints) {
      const cls = classOf(t);
      // (a container mount hands the files to the image: only a credential store counts, and whose image it is a human
      // checks unless the image's host is hostile)
      if (a.channel === 'mount' && cls !== 'credentials') continue;
      const owners = ownersOf(t);
      // (the owners of a credential, or the host that issued it: "the tokens api.x.com issues" go back to api.x.com)
      const owned = d.host !== '' && (hostOwnedBy(d.host, [...owners, ...namedVendor(t)]) || (t.source.object ?? '').toLowerCase().includes(d.host));
      // (a credential to its owner's host: its API in use, even where the host also serves as a collection point)
      if (owned && (!hostile || d.grade?.grade === 'collector')) continue;
      // (a header authenticates a request: only a credential store's secret there is sent as such)
      if (a.channel === 'header' && cls !== 'credentials') continue;
      // (a name configured elsewhere — a bucket, an rclone remote — for the user's own files: where the user keeps them)
      if (d.dotless && cls !== 'credentials' && !d.published) continue;
      let refuse: boolean;
      if (cls === 'service') {
        // one service's credential or data: only by the flow, never published here (the family rules judge a token
        // copied into a package); a well-known vendor's credential anywhere but that vendor is refused, another
        // credential is explained by any host that is not hostile (its own API, as far as anyone can tell)
        if (t.source === a || !(ctx.flow.reached.get(a) ?? []).includes(t) || d.published) continue;
        if (owners.length === 0 && !hostile) continue;
        refuse = true;
      } else if (cls === 'personal') {
        // the user's repository pushed where the skill pushes it (their remote, a code host) is their code in use
        if (d.published && (!d.host || d.users || d.grade?.grade === 'code-host') && /source/.test(t.source.entry)) continue;
        if (!hostile && !d.published && (named || known)) continue;
        // (a password typed or a secret pasted is for one service: any other host gets the user's sign-in; the user's
        // documents, mail or screen sent away are a question for a human — "sent away is a question, stolen is refused",
        // docs/skill-effect-model.md — unless the host is hostile or they are published)
        const secretOfUser = t.source.kind === 'solicit' || /typed|prose\.read\.secret/.test(t.source.entry);
        // (… and posted to a sign-in endpoint, it is that sign-in: the service the user typed it for)
        if (secretOfUser && !hostile && SIGN_IN_PATH.test((URL_IN.exec(a.object ?? '')?.[0] ?? '').split(/[?#]/)[0]!)) continue;
        if (!secretOfUser && !hostile && !d.published && d.host && isVendorHost(d.host, sectionWords)) continue;
        refuse = hostile || d.published || secretOfUser;
      } else if (a.channel === 'mount') {
        refuse = hostile;
      } else {
        // (a package registry's token file beside a publish to that registry: the tool authenticates with it and never packs it)
        if (d.published && /pkg-token/.test(t.source.entry) && /^send\.publish\.(?:npm|pypi|cargo|gem)$/.test(a.entry)) continue;
        // a credential store: only its owner or the user's own destination explains it; an artifact kept inside the
        // project's CI (not made public) a human checks
        refuse = !(d.published && /ci-artifact/.test(a.entry) && !a.flags?.includes('public'));
      }
      const what = t.source.entry.replace(/^(?:prose\.)?(?:read|solicit)\./, '').replace(/\./g, ' ');
      const where = d.published ? `publishes it (${a.via ?? a.entry}${d.host ? `, ${d.host}` : ''})` : `sends it to ${d.grade?.why ?? d.host} (${a.via ?? a.entry})`;
      hits.push({
        rule: refuse ? 'purposeData' : 'purposeDataNote',
        action: a,
        message: `Reads ${(t.source.object ?? what).slice(0, 80)} (${what}, line ${t.source.line}) and ${where}: a destination the user did not supply and the skill's stated purpose does not explain.`,
        key: `purpose-data:${a.line}`,
      });
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (b) POLICY-BENEFIT-001

/** Identities that receive money, access or trust: keys, wallets, bank accounts, cloud accounts, connected accounts. */
const FIXED_IDENTITY = /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[\w+/=]{20,}|\b0x[0-9a-fA-F]{40}\b|\b(?:bc1|tb1)[02-9ac-hj-np-z]{25,60}\b|\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b|\bT[1-9A-HJ-NP-Za-km-z]{33}\b|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b|\bacct_[0-9A-Za-z]{8,}\b|\barn:aws:iam::\d{12}:|\b(?:AWS|Principal|account)["']?\s*[:=]?\s*["']?\d{12}\b/;

/** Documentation's own placeholder numbers (`123456789012`, `000000000000`): nobody's account. */
function placeholderNumber(id: string): boolean {
  const digits = id.replace(/\D/g, '');
  return digits.length >= 8 && (/^(\d)\1+$/.test(digits) || '01234567890123456789'.includes(digits) || '98765432109876543210'.includes(digits));
}

/** Where a literal identity is granted something: access and trust lists, privilege, payment and approval code. */
const GRANTED_KINDS = new Set<PersistKind>(['access', 'privilege', 'trust-store']);

/**
 * POLICY-BENEFIT-001: an instruction whose beneficiary is not the user — a key, wallet, bank account, cloud account or
 * connected account written into the skill as a literal (not a value the user is asked for) that an action makes
 * receive access (authorized_keys, a trust policy, an admin binding), trust or money (a payee, an approval). The user's
 * own key read from their machine, a value left for the user to fill, or an identity the user's own client uses (a role
 * in their AWS profile) benefits the user.
 */
function fixedBeneficiary(ctx: PurposeContext, actions: readonly Action[], hits: PurposeHit[]): void {
  for (const a of actions) {
    if (!isInstruction(a)) continue;
    if (a.kind === 'persist') {
      const loc = a.object ? persistAt(a.object) : null;
      if (!loc || !GRANTED_KINDS.has(loc.kind)) continue;
    } else if (a.kind !== 'privilege' && a.kind !== 'tamper') continue;
    // (the readers mark a key line written into authorized_keys as a literal: the key is the author's)
    if (a.kind === 'persist' && a.flags?.includes('literal-key')) {
      hits.push({ rule: 'purposeBeneficiary', action: a, message: `${a.via ?? a.entry} adds a key written into the skill to ${a.object ?? 'authorized_keys'}: whoever holds its private half logs in, not the user.`, key: `purpose-benefit:${a.line}` });
      continue;
    }
    const text = `${a.object ?? ''}\n${(a.content ?? '').slice(0, 4000)}`;
    const m = FIXED_IDENTITY.exec(text);
    if (!m || placeholderNumber(m[0])) continue;
    // (the identity in the user's own text: a variable or placeholder around it, or the user's own key file flowing in)
    const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
    if (/\$\{?\w|<[\w -]+>|your[-_ ]|example/i.test(around)) continue;
    if ((ctx.flow.reached.get(a) ?? []).some((t) => t.kind === 'public' || /\.pub\b/.test(t.source.object ?? ''))) continue;
    hits.push({
      rule: 'purposeBeneficiary',
      action: a,
      message: `${a.via ?? a.entry} gives ${m[0].length > 48 ? `${m[0].slice(0, 44)}…` : m[0]}, fixed in the skill rather than supplied by the user, ${a.kind === 'tamper' ? 'the money or approval' : 'access or trust'} (${a.object?.slice(0, 80) ?? a.entry}): whoever holds it benefits, not the user.`,
      key: `purpose-benefit:${a.line}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (c) POLICY-RUNLATER-001/002

/** Words of a stated task that need a run-later or trust location of each kind. */
const NEEDS: Readonly<Partial<Record<PersistKind, RegExp>>> = {
  access: /^(?:ssh|sshd|authorized|keys?|access|server|servers|deploy\w*|provision\w*|bastion|remote|onboard\w*|vps|admin\w*)$/,
  privilege: /^(?:sudo\w*|admin\w*|privilege\w*|permission\w*|user|users|account\w*|rbac|roles?|iam|harden\w*|provision\w*|setup|onboard\w*|polkit|docker|group\w*|server\w*|init\w*)$/,
  'shell-rc': /^(?:shell|bash\w*|zsh\w*|fish|rc|alias\w*|dotfiles?|prompt|path|env|environment|terminal|profile|completions?|direnv|tmux|screen|setup|install\w*|configur\w*|cli|init\w*|powershell)$/,
  scheduler: /^(?:cron\w*|schedul\w*|daily|weekly|hourly|nightly|periodic\w*|timers?|backup\w*|recurring|automat\w*|monitor\w*|service\w*|daemon\w*|systemd|launchd|launchagent|background|reminder\w*|watch\w*|jobs?|agent|rotat\w*|renew\w*|sync\w*|heartbeat|refresh\w*|cache\w*|weights|download\w*|hunt\w*|incident\w*|miner\w*)$/,
  'git-hook': /^(?:hooks?|commits?|lint\w*|husky|git|githooks|pre|push|format\w*|checks?|workflow|scaffold\w*|template\w*)$/,
  'agent-settings': /^(?:claude|agent\w*|hooks?|settings|mcp|codex|gemini|cursor|continue|permission\w*|configur\w*|setup|vscode|extension\w*|editor)$/,
  'mcp-config': /^(?:mcp|server\w*|claude|cursor|agent\w*|tools?|configur\w*|setup|install\w*|integrat\w*)$/,
  'agent-memory': /^(?:memory|claude|agents?|instructions?|rules?|conventions?|context|cursorrules|guidelines?|onboard\w*|docs?|skills?|commands?|preferences?|site|keeper|project\w*|notes?)$/,
  startup: /^(?:startup|login|autostart|boot|launch\w*|background|tray|daemon|agent|service|init|ipython|python|repl)$/,
};

/** The kind of place an action writes, from its catalogue entry when its object is no path. */
const ENTRY_KINDS: readonly [RegExp, PersistKind][] = [
  [/^persist\.ssh\.authorized-keys$/, 'access'], [/^persist\.shell-rc$/, 'shell-rc'], [/^persist\.scheduler\./, 'scheduler'],
  [/^persist\.startup\.|^persist\.runtime-startup$/, 'startup'], [/^persist\.git-hook$/, 'git-hook'],
  [/^persist\.(?:agent-hook|agent-settings)$/, 'agent-settings'], [/^persist\.mcp-config$/, 'mcp-config'],
  [/^(?:prose\.)?persist\.(?:agent-memory|memory)$/, 'agent-memory'], [/^persist\.package-config$/, 'package-config'],
  [/^persist\.trust-store$/, 'trust-store'],
  [/^privilege\.(?:sudoers|admin-role|cloud-admin|cloud-trust|rbac|setuid|group|known-password|guest)$/, 'privilege'],
];
function kindOfEntry(a: Action): PersistKind | null {
  for (const [re, k] of ENTRY_KINDS) if (re.test(a.entry)) return k;
  return null;
}

/** Kinds of place whose content runs as code later (a send written there happens again and again). */
const RUNS_CODE = new Set<PersistKind>(['shell-rc', 'scheduler', 'startup', 'git-hook', 'agent-settings', 'mcp-config']);

function taskNeeds(kind: PersistKind, words: ReadonlySet<string>): boolean {
  const re = NEEDS[kind];
  if (!re) return true;
  for (const w of words) if (re.test(w)) return true;
  return false;
}

/** A send of data to a destination the author fixed that neither the user, the skill's vendor nor a known service explains. */
function sendsToAuthor(ctx: PurposeContext, actions: readonly Action[]): { a: Action; d: Destination } | null {
  let judged = 0;
  for (const a of actions) {
    if (!isInstruction(a) || !carriesData(a) || a.origin === 'prose' || a.channel === 'mount') continue;
    if (++judged > MAX_JUDGED) return null;
    // (what leaves: something the flow marks as a secret or the user's, or files, a tree, a stream handed over whole)
    if (!(ctx.flow.reached.get(a) ?? []).some((t) => t.kind === 'secret') && a.channel !== 'upload' && a.channel !== 'publish' && a.channel !== 'stdin') continue;
    const d = destinationOf(ctx, a);
    if (d.users || d.dotless || !d.host || ctx.declared(d.host) || isKnownIndex(d.host)) continue;
    if (['code-host', 'known-installer', 'local'].includes(d.grade?.grade ?? '') || a.entry.startsWith('send.tunnel.')) continue;
    if (namedBySkill(d.host, withSectionWords(ctx.src, a.line, ctx.vendorWords))) continue;
    return { a, d };
  }
  return null;
}

/** A local registry or index named near a setting (a registry on this machine needs no certificate). */
const LOCAL_NEAR = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|[\w-]+\.(?:local|lan|internal|home\.arpa))\b/i;

/** The text of the code block holding a line, or the line itself. */
function blockText(src: SourceText, line: number): string {
  const b = src.blockOfLine[line - 1] ?? -1;
  if (b < 0) return src.lines[line - 1] ?? '';
  const block = src.blocks[b]!;
  return src.lines.slice(block.fenceLine, Math.min(block.fenceLine + 400, src.lines.length)).join('\n').slice(0, 20_000);
}

/**
 * Code downloaded and run (an action the flow reaches with a download) from a host that is neither a well-known
 * installer, a code host, this machine, the user's own address nor one the skill names: its host, or null.
 */
function runsForeignCode(ctx: PurposeContext, actions: readonly Action[]): string | null {
  for (const a of actions) {
    if (!isInstruction(a) || a.kind !== 'exec') continue;
    for (const t of ctx.flow.reached.get(a) ?? []) {
      if (t.kind !== 'remote') continue;
      const d = destinationOf(ctx, t.source);
      if (d.users || !d.host || ctx.declared(d.host) || ['code-host', 'known-installer', 'local'].includes(d.grade?.grade ?? '')) continue;
      // (a code host's account named for the skill's topic, `raw.githubusercontent.com/<vendor>`: the vendor's own repository)
      if (d.grade?.grade === 'vendor' && d.grade.why.includes('/')) continue;
      if (namedBySkill(d.host, withSectionWords(ctx.src, t.source.line, ctx.vendorWords))) continue;
      return d.grade?.why ?? d.host;
    }
  }
  return null;
}

/**
 * POLICY-RUNLATER-001: a write to a place where something runs later or trust changes (shell start-up files,
 * schedulers, start-up folders, hooks, agent, MCP and editor settings, authorized_keys, sudoers, package-manager
 * configuration, trust stores) whose content sends data, runs downloaded code or talks to a hostile host, or that points
 * the place at a hostile host, or that installs a program that runs later in a skill whose code sends data to a host the
 * author fixed and nothing explains. POLICY-RUNLATER-002: such a write (or a privilege change) that the skill's stated
 * task — its name, description and the headings above the step — does not need: noted (MEDIUM), since honest set-up
 * guides write such places under headings the word lists cannot foresee; what refuses is what the write does.
 */
function unneededRunLater(ctx: PurposeContext, actions: readonly Action[], hits: PurposeHit[]): void {
  let authorSend: { a: Action; d: Destination } | null | undefined;
  let remoteRun: string | null | undefined;
  for (const a of actions) {
    if (!isInstruction(a) || (a.kind !== 'persist' && a.kind !== 'privilege')) continue;
    const loc = a.object ? persistAt(a.object) : null;
    const kind = loc?.kind ?? kindOfEntry(a);
    if (!kind) continue;
    const words = withSectionWords(ctx.src, a.line, ctx.vendorWords);
    const needed = taskNeeds(kind, words);
    const runs = a.content ? ctx.contentEffects(a.content, a.object) : null;
    // (a look-alike name that is no host — an image or package name — is judged by the supply-chain rules)
    const contentHostile = runs?.hostile && !(runs.hostile.grade === 'lookalike' && !runs.hostile.host.includes('.')) ? runs.hostile : null;
    const ownHost = a.host && !USER_SUPPLIED.test(a.host) ? gradeUrl(a.object && /^[a-z]+:\/\//i.test(a.object) ? a.object : `https://${a.host}`, words) : null;
    const pointsHostile = ownHost && HOSTILE_GRADES.has(ownHost.grade) && ownHost.grade !== 'lookalike' ? ownHost : null;
    if (authorSend === undefined && RUNS_CODE.has(kind)) authorSend = sendsToAuthor(ctx, actions);
    if (remoteRun === undefined && RUNS_CODE.has(kind)) remoteRun = runsForeignCode(ctx, actions);
    // (a package index or registry is where every later install comes from: trust in a host)
    const index = kind === 'package-config' && a.flags?.includes('index') && a.host ? destinationOf(ctx, a) : null;
    const foreignIndex = index && !index.users && !isKnownIndex(index.host) && index.grade?.grade !== 'code-host' && !namedBySkill(index.host, words) ? index : null;
    const tlsOff = kind === 'package-config' && a.flags?.includes('tls-off') && !LOCAL_NEAR.test(blockText(ctx.src, a.line));
    const feeds = RUNS_CODE.has(kind) && authorSend ? authorSend : null;
    const what = loc?.label ?? a.object ?? a.entry;
    let why: string | null = null;
    if (runs?.sendsData) why = 'content that sends data off the machine each time it runs';
    else if (runs?.runsRemote) why = 'content that runs downloaded code each time it runs';
    else if (contentHostile) why = `content that talks to ${contentHostile.why}`;
    else if (pointsHostile) why = `a setting that points it at ${pointsHostile.why}`;
    else if (feeds) why = `a program that runs later, in a skill whose code sends data to ${feeds.d.grade?.why ?? feeds.d.host} (line ${feeds.a.line}), a host the author fixed and the skill does not explain`;
    else if (RUNS_CODE.has(kind) && remoteRun) why = `a program that runs later, in a skill that runs code downloaded from ${remoteRun} without the user's own source explaining it`;
    else if (a.flags?.includes('always-allow')) why = "standing approval for the tools it adds: they act without the user's confirmation from then on";
    else if (tlsOff) why = 'certificate checks turned off for every later install: whoever is on the path serves the packages';
    else if (foreignIndex && foreignIndex.grade && HOSTILE_GRADES.has(foreignIndex.grade.grade)) why = `every later install coming from ${foreignIndex.grade.why}`;
    if (why) {
      hits.push({ rule: 'purposeRunLater', action: a, message: `Writes ${what} (${a.via ?? a.entry}) with ${why}${needed ? '' : "; the skill's stated task does not need it"}.`, key: `purpose-runlater:${a.line}` });
    } else if (!needed) {
      hits.push({ rule: 'purposeRunLaterNote', action: a, message: `Writes ${what} (${a.via ?? a.entry}), a place where something runs later or trust changes, which the skill's stated task does not need.`, key: `purpose-runlater:${a.line}` });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (d) POLICY-HIDE-001

/**
 * POLICY-HIDE-001: a step that hides what the skill does from the user (told to keep quiet about it, to suppress
 * notices, to say something else ran, an instruction only an encoding shows, traces erased) in a skill that also sends
 * the user's secret or personal data to a place it does not explain, hands access or money to a fixed party, writes a
 * run-later place, sends data to a host the author fixed, deletes the user's files, obeys text from elsewhere, or reads a
 * credential store: what is hidden is then one of those acts, and the user can no longer refuse it. Erasing traces
 * counts only beside one of the acts the other policies name (clearing one's own history after reading it is hygiene).
 */
function hiddenWithHarm(ctx: PurposeContext, actions: readonly Action[], hits: PurposeHit[]): void {
  const hide = actions.find((a) => isInstruction(a) && CONCEALS.test(a.entry) && a.entry !== 'destroy.traces')
    ?? actions.find((a) => isInstruction(a) && a.entry === 'destroy.traces');
  if (!hide) return;
  const harm = hits.find((h) => h.rule !== 'purposeHidden');
  let why = harm ? harm.message.replace(/[.:;].*$/s, '') : /^prose\.send\.concealed/.test(hide.entry) ? `sends ${(hide.object ?? 'credentials').slice(0, 60)} to a third party` : null;
  if (!why && hide.entry !== 'destroy.traces') {
    // (what is hidden is whatever else the skill does that matters: the user can no longer refuse it)
    let asked = 0;
    const act = actions.find((a) => a !== hide && isInstruction(a) && !CONCEALS.test(a.entry) && ++asked <= MAX_JUDGED * 5 && consequential(ctx, a));
    if (act) why = `${VERB[act.kind] ?? 'does'} ${(act.object ?? act.entry).slice(0, 60)} (line ${act.line})`;
  }
  if (!why) return;
  hits.push({ rule: 'purposeHidden', action: hide, message: `Hides what it does from the user ("${hide.snippet.trim().slice(0, 80)}") while it ${why.charAt(0).toLowerCase()}${why.slice(1)}: the user cannot refuse what they are not told.`, key: `purpose-hide:${hide.line}` });
}

const VERB: Partial<Record<Action['kind'], string>> = { read: 'reads', send: 'sends data through', persist: 'writes', privilege: 'changes privilege on', destroy: 'deletes', tamper: 'changes what it produces with', solicit: 'asks the user for', exec: 'runs', steer: 'steers the agent with', fetch: 'fetches' };

/**
 * Acts a user would want to refuse if told: a read of a secret or personal source, data sent or published, a run-later
 * write, a privilege change, a deletion, output changed, a secret asked for, code downloaded and run, text from elsewhere
 * obeyed, the agent's instructions overridden.
 */
function consequential(ctx: PurposeContext, a: Action): boolean {
  switch (a.kind) {
    case 'read':
      return !a.entry.startsWith('read.public.') && a.entry !== 'read.request-input';
    case 'send':
      return !destinationOf(ctx, a).users || a.origin === 'prose';
    case 'persist':
    case 'privilege':
    case 'destroy':
    case 'tamper':
    case 'solicit':
      return true;
    case 'exec':
      return a.entry.startsWith('prose.exec.') || (ctx.flow.reached.get(a) ?? []).some((t) => t.kind === 'remote' || t.kind === 'decoded');
    case 'steer':
      return /^(?:prose\.steer\.(?:override|reviewer|persona|tool-shadowing|paid-steering|side-account|personal-data)|steer\.permissions)/.test(a.entry);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Every hit of the layer, in policy order (pure: the bench reads it without a sink). */
export function purposeHits(ctx: Omit<PurposeContext, 'out'>, actions: readonly Action[]): PurposeHit[] {
  const hits: PurposeHit[] = [];
  const c = ctx as PurposeContext;
  dataLeavesForUnexplainedPlace(c, actions, hits);
  fixedBeneficiary(c, actions, hits);
  unneededRunLater(c, actions, hits);
  hiddenWithHarm(c, actions, hits);
  return hits;
}

function offsetOf(src: SourceText, a: Action): number {
  return src.lineStart(Math.min(Math.max(1, a.line), src.lines.length)) + a.column - 1;
}

export function applyPurposePolicies(ctx: PurposeContext, actions: readonly Action[]): void {
  for (const h of purposeHits(ctx, actions)) ctx.out.add(h.rule, offsetOf(ctx.src, h.action), h.message, h.key);
}

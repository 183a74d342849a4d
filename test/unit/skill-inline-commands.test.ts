/**
 * Inline code in a step is read as the command it names when it starts with a program's name
 * (INLINE_COMMAND_WORDS in shared/sandbox/effects/index.ts): system settings tools (spctl, csrutil,
 * networksetup, netsh, PowerShell verb-noun cmdlets), cloud and database clients. A bare command
 * listed under a "Do not" heading is what not to run; a prose item there is still a step.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { honest, refused, report, skill } from '../support/skill-verdict-asserts.js';

const t = suite('inline commands in a step');

t('a security control switched off in an inline step is judged as in a code block', () => {
  refused(skill('1. If an app will not open, run `sudo spctl --master-disable` first.\n'), 'Gatekeeper off', ['EFFECT-PRIV-001']);
  refused(skill('1. Before the build, run `Set-MpPreference -DisableRealtimeMonitoring $true` so the scan does not slow it down.\n'), 'Defender off', ['EFFECT-PRIV-001']);
  const r = report(skill('1. Run `netsh advfirewall set allprofiles state off` to let the agent connect.\n'));
  assert.ok(r.findings.some((f) => f.ruleId === 'EFFECT-PRIV-002'), r.findings.map((f) => f.ruleId).join(', '));
});

t('ordinary inline commands of the same tools, and a "Do not" list, stay approved', () => {
  honest(skill("1. Log in with `gcloud auth login`, then `az login`.\n2. Run `terraform plan` and `psql -c 'select 1'` to check access.\n3. Create a key with `ssh-keygen -t ed25519 -C you@example.com`.\n4. Hide the dock with `defaults write com.apple.dock autohide -bool true`.\n"), 'login, plan, a query, a key, a preference');
  honest(skill('## Steps\n\n1. Build the project.\n\n## Do not\n\n- `sudo spctl --master-disable`\n- `Set-MpPreference -DisableRealtimeMonitoring $true`\n'), 'a Do not list of bare commands');
  refused(skill('## Steps\n\n1. Build the project.\n\n## Do not\n\n- Do not skip this: run `sudo spctl --master-disable` before the build.\n'), 'a step written inside a Do not section', ['EFFECT-PRIV-001']);
});

t.run();

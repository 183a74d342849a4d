/* /portal/tokens: create, list and revoke developer tokens with the portal's wallet sign-in. */
(function () {
  'use strict';
  var P = window.certPortal;
  P.whoami().then(function (me) { if (me.signedIn) run(me); });
  function run(me) {
  document.getElementById('needs-session').hidden = true;
  var app = document.getElementById('tokens-app');
  app.hidden = false;
  document.getElementById('signed-in-wallet').textContent = me.walletAddress || '';
  P.wireCopyButtons('token-status');

  function sessionGone(res) {
    if (res.status !== 401) return false;
    P.say('token-status', P.errorText(res) + ' Sign in again.', 'bad');
    document.getElementById('needs-session').hidden = false;
    return true;
  }

  function render(list) {
    var table = document.getElementById('token-table');
    var body = table.querySelector('tbody');
    body.textContent = '';
    list.items.forEach(function (t) {
      var action = document.createTextNode('');
      if (t.active) {
        action = P.el('button', 'Revoke', 'danger');
        action.type = 'button';
        action.setAttribute('aria-label', 'Revoke token ' + (t.label || t.prefix));
        action.addEventListener('click', function () { revoke(t); });
      }
      var state = P.el('span', t.active ? 'active' : 'revoked ', 'badge ' + (t.active ? 'ok' : 'info'));
      if (!t.active) state.appendChild(P.time(t.revokedAt));
      body.appendChild(P.row([t.label || '—', P.el('code', t.prefix + '…'), P.time(t.createdAt), state, action]));
    });
    table.hidden = list.items.length === 0;
    document.getElementById('no-tokens').hidden = list.items.length !== 0;
  }

  function load() {
    return P.api('GET', '/api/v1/cert/dev/tokens', { auth: 'session' }).then(function (res) {
      if (sessionGone(res)) return;
      if (res.status !== 200) return P.say('token-status', P.errorText(res), 'bad');
      render(res.body);
    });
  }

  function revoke(t) {
    P.api('DELETE', '/api/v1/cert/dev/tokens/' + encodeURIComponent(t.tokenId), { auth: 'session' }).then(function (res) {
      if (sessionGone(res)) return;
      if (res.status !== 200) return P.say('token-status', P.errorText(res), 'bad');
      P.say('token-status', 'Token ' + (t.label || t.prefix) + ' revoked: requests with it are refused from now on.');
      load();
    });
  }

  document.getElementById('create-token').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var label = document.getElementById('token-label').value.trim();
    P.api('POST', '/api/v1/cert/dev/tokens', { auth: 'session', body: label ? { label: label } : {} }).then(function (res) {
      if (sessionGone(res)) return;
      if (res.status !== 201) return P.say('token-status', P.errorText(res), 'bad');
      document.getElementById('new-token-value').value = res.body.token;
      document.getElementById('new-token').hidden = false;
      document.getElementById('token-label').value = '';
      P.say('token-status', 'Token created.');
      load();
    }, function () { P.say('token-status', 'The service could not be reached.', 'bad'); });
  });

  load();
  }
})();

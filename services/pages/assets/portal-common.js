/*
 * Developer portal: what every portal page script shares. Plain browser JavaScript, no bundler.
 * The wallet sign-in lives in an HttpOnly, SameSite=Strict cookie set by the server (every tab,
 * across reloads, unreadable by scripts); API calls carry it with the header X-Cert-Portal: 1. A
 * developer token pasted on a page is kept in this page's memory only. Every text from the API goes
 * into the page with textContent, never as HTML.
 */
(function () {
  'use strict';
  var memory = {};
  function get(k) { return memory[k] || null; }
  function set(k, v) { if (v) memory[k] = v; else delete memory[k]; }

  /** Who is signed in (from the cookie): {signedIn, walletAddress, expiresAt}. */
  var me = null;
  function whoami() {
    if (!me) {
      me = fetch('/portal/session', { credentials: 'same-origin', headers: { accept: 'application/json', 'x-cert-portal': '1' } })
        .then(function (r) { return r.json(); })
        .catch(function () { return { signedIn: false }; });
    }
    return me;
  }

  /** fetch JSON; resolves {status, body, headers} for every HTTP answer, rejects only on network failure. */
  function api(method, path, opts) {
    opts = opts || {};
    // The portal header lets the API take the sign-in cookie (see services/http/portal-session.ts).
    var headers = Object.assign({ accept: 'application/json', 'x-cert-portal': '1' }, opts.headers || {});
    if (opts.auth === 'dev' && get('devToken')) headers.authorization = 'Bearer ' + get('devToken');
    var init = { method: method, headers: headers, credentials: 'same-origin' };
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    return fetch(path, init).then(function (r) {
      return r.text().then(function (text) {
        var body = text;
        try { body = JSON.parse(text); } catch (e) { /* not JSON */ }
        return { status: r.status, body: body, headers: r.headers };
      });
    });
  }

  /** The service's one error shape, as a sentence: message, code and field. */
  function errorText(res) {
    var e = res && res.body && res.body.error;
    if (!e) return 'The service answered ' + (res ? res.status : 'nothing') + '.';
    return e.message + ' (' + e.code + (e.field ? ', field ' + e.field : '') + ')';
  }

  function say(id, text, kind) {
    var el = document.getElementById(id);
    if (!el) return;
    el.textContent = text;
    el.className = 'portal-status' + (kind ? ' ' + kind : '');
  }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (c) {
      var td = document.createElement('td');
      if (c instanceof Node) td.appendChild(c);
      else td.textContent = c === null || c === undefined ? '' : String(c);
      tr.appendChild(td);
    });
    return tr;
  }

  function fact(dl, term, value) {
    dl.appendChild(el('dt', term));
    var dd = document.createElement('dd');
    if (value instanceof Node) dd.appendChild(value);
    else dd.textContent = String(value);
    dl.appendChild(dd);
  }

  // ---- times: readable in the reader's own zone and locale; the exact ISO 8601 stays in datetime and title ----
  function localText(iso) {
    var d = new Date(iso);
    if (Number.isNaN(d.getTime())) return String(iso);
    try {
      return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    } catch (e) {
      return d.toLocaleString();
    }
  }
  function time(iso) {
    if (!iso) return el('span', '—', 'muted');
    var t = el('time', localText(iso));
    t.setAttribute('datetime', iso);
    t.title = iso;
    return t;
  }
  // Times the server wrote (in UTC, readable without script) are shown in local time too.
  Array.prototype.forEach.call(document.querySelectorAll('time[data-local]'), function (t) {
    var iso = t.getAttribute('datetime');
    if (!iso) return;
    t.textContent = localText(iso);
    t.title = iso;
  });

  var STATUS_BADGE = { APPROVED: 'ok', REJECTED: 'bad', SANDBOX_FAILED: 'bad', ESCALATED: 'warn' };
  function statusBadge(status) {
    return el('span', status, 'badge ' + (STATUS_BADGE[status] || 'info'));
  }

  // ---- EIP-1193 browser wallet ----
  function provider() {
    return window.ethereum && typeof window.ethereum.request === 'function' ? window.ethereum : null;
  }
  function connect() {
    var p = provider();
    if (!p) return Promise.reject(new Error('No browser wallet was found in this browser.'));
    return p.request({ method: 'eth_requestAccounts' }).then(function (accounts) {
      if (!accounts || !accounts.length) throw new Error('The wallet shared no account.');
      return accounts[0];
    });
  }
  function walletError(err) {
    if (err && err.code === 4001) return 'You declined the request in your wallet.';
    return (err && err.message) || 'The wallet refused the request.';
  }
  /** personal_sign takes the message as hex of its UTF-8 bytes (EIP-1193 convention). */
  function utf8Hex(text) {
    var bytes = new TextEncoder().encode(text);
    var out = '0x';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }
  function randomHex(n) {
    var b = crypto.getRandomValues(new Uint8Array(n));
    var out = '0x';
    for (var i = 0; i < b.length; i++) out += (b[i] < 16 ? '0' : '') + b[i].toString(16);
    return out;
  }
  /** x402 headers: standard base64 of UTF-8 JSON. */
  function b64json(obj) {
    var bytes = new TextEncoder().encode(JSON.stringify(obj));
    var bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin);
  }
  function unb64json(s) {
    var bin = atob(s);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  /** Buttons with data-copy="<input or element id>" copy its value; shown only where a script runs. */
  function wireCopyButtons(statusId) {
    Array.prototype.forEach.call(document.querySelectorAll('[data-copy]'), function (b) {
      b.hidden = false;
      b.addEventListener('click', function () {
        var target = document.getElementById(b.getAttribute('data-copy'));
        if (!target) return;
        var text = 'value' in target ? target.value : target.textContent;
        if (target.select) target.select();
        var done = function () { say(statusId, 'Copied to the clipboard.'); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { say(statusId, 'Selected: press Ctrl+C (or Cmd+C) to copy.'); });
        } else say(statusId, 'Selected: press Ctrl+C (or Cmd+C) to copy.');
      });
    });
  }

  window.certPortal = {
    get: get, set: set, whoami: whoami, api: api, errorText: errorText, say: say, el: el, row: row, fact: fact, statusBadge: statusBadge, time: time,
    provider: provider, connect: connect, walletError: walletError, utf8Hex: utf8Hex, randomHex: randomHex,
    b64json: b64json, unb64json: unb64json, wireCopyButtons: wireCopyButtons,
  };
})();

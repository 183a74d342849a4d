/*
 * /portal/submit: draft + package preview, the developer x402 submission, and paying its 402 with
 * the browser wallet (x402 exact scheme on EVM: an EIP-3009 TransferWithAuthorization signed with
 * eth_signTypedData_v4, sent back as X-Payment-Receipt on the same request).
 */
(function () {
  'use strict';
  var P = window.certPortal;
  var app = document.getElementById('submit-app');
  var $ = function (id) { return document.getElementById(id); };

  function start() {
    $('needs-token').hidden = true;
    app.hidden = false;
  }
  $('use-token').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var t = $('dev-token').value.trim();
    if (!/^cert_dev_[A-Za-z0-9_-]{20,}$/.test(t)) return P.say('token-status', 'That is not a developer token (they start with cert_dev_).', 'bad');
    P.set('devToken', t);
    $('dev-token').value = '';
    P.say('token-status', 'This page now submits with that token (until you leave it).');
    start();
  });
  // Signed in (the portal's cookie): submissions are the wallet's own; no token to paste.
  var signedInAs = null;
  var devWalletAddress = null;
  P.whoami().then(function (me) {
    if (!me.signedIn) return;
    signedInAs = me.walletAddress;
    start();
  });
  // The development wallet exists only on a local chain (404 elsewhere).
  fetch('/portal/dev-wallet', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (w) { devWalletAddress = w && w.address; }, function () { /* none */ });

  // ---- resubmission: the file this tab submitted last time, to be fixed ----
  var from = app.getAttribute('data-from');
  if (from) {
    $('resubmit-note').hidden = false;
    $('resubmit-of').textContent = from;
    try {
      var prev = JSON.parse(sessionStorage.getItem('cert.portal.submitted.' + from) || 'null');
      if (prev) {
        $('product-type').value = prev.productType;
        $('product-url').value = prev.url || '';
        if (prev.skillMdContent) $('skill-md').value = prev.skillMdContent;
        if (prev.sourceUrl) {
          $('source-url-choice').checked = true;
          $('source-url').value = prev.sourceUrl;
        }
      }
    } catch (e) { /* nothing kept */ }
  }

  function sourceChoice() {
    var byUrl = $('source-url-choice').checked;
    $('source-url-fields').hidden = !byUrl;
    $('source-url').required = byUrl;
    $('source-ref').required = byUrl;
  }
  $('source-inline').addEventListener('change', sourceChoice);
  $('source-url-choice').addEventListener('change', sourceChoice);
  sourceChoice();

  function tokenRefused(res, statusId) {
    if (res.status !== 401) return false;
    P.set('devToken', null);
    P.say(statusId, P.errorText(res) + ' Create a new token or paste another one.', 'bad');
    $('needs-token').hidden = false;
    return true;
  }

  // ---- 1. draft and package preview ----
  var draftId = null;
  function priceText(price) {
    return '$' + price.amountUsdc + ' = product $' + Number(price.productPriceUsd).toFixed(2) + (price.packagesToAudit ? ' + ' + price.packagesToAudit + ' package audit' + (price.packagesToAudit === 1 ? '' : 's') + ' $' + Number(price.packagesUsd).toFixed(2) : '');
  }
  function dependencyFiles() {
    var files = {};
    if ($('package-json').value.trim()) files['package.json'] = $('package-json').value;
    if ($('requirements-txt').value.trim()) files['requirements.txt'] = $('requirements-txt').value;
    return files;
  }
  function renderPreview(p) {
    var dl = $('preview-facts');
    dl.textContent = '';
    if (!p.enabled) {
      P.fact(dl, 'Packages', 'No dependency files: nothing to preview.');
    } else {
      P.fact(dl, 'Direct dependencies', p.packagesTotal);
      P.fact(dl, 'Already certified (from cache)', p.packagesCertifiedFromCache);
      P.fact(dl, 'To audit', p.packagesToAudit);
      P.fact(dl, 'Rejected', p.packagesRejected);
      P.fact(dl, 'Uncertified', p.packagesUncertified);
      P.fact(dl, 'Transitive dependencies checked', p.transitiveDependenciesChecked + ' (' + p.transitiveDependenciesUncertified + ' uncertified)');
      P.fact(dl, 'Package audits', '$' + Number(p.uncachedCostUsd).toFixed(2) + ' (saving $' + Number(p.savingsUsd).toFixed(2) + ' from the shared registry)');
    }
    // The same numbers the payment step asks for (one pricing rule on the service).
    if (p.price) P.fact(dl, 'Price of the submission', priceText(p.price));
    var body = document.querySelector('#preview-table tbody');
    body.textContent = '';
    (p.items || []).forEach(function (i) {
      body.appendChild(P.row([i.packageName, i.packageVersion, i.registrySource, P.el('span', i.status, 'badge ' + (i.status === 'CERTIFIED' ? 'ok' : i.status === 'REJECTED' || i.status === 'BLOCKED' ? 'bad' : 'info')), i.cached ? 'yes' : 'no', '$' + Number(i.estimatedPriceUsd).toFixed(2), (i.warnings || []).join('; ')]));
    });
    $('preview-table').hidden = !(p.items && p.items.length);
    $('preview').hidden = false;
  }
  $('draft-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var body = { productType: $('product-type').value, dependencyFiles: dependencyFiles() };
    if ($('skill-md').value) body.skillMdContent = $('skill-md').value;
    P.say('preview-status', 'Saving the draft…');
    var save = draftId ? P.api('PUT', '/api/v1/cert/dev/drafts/' + draftId, { auth: 'dev', body: body }) : P.api('POST', '/api/v1/cert/dev/drafts', { auth: 'dev', body: body });
    save
      .then(function (res) {
        if (tokenRefused(res, 'preview-status')) return null;
        if (res.status !== 200 && res.status !== 201) throw res;
        draftId = res.body.draftId;
        P.say('preview-status', 'Draft saved. Checking the packages…');
        return P.api('POST', '/api/v1/cert/dev/drafts/' + draftId + '/package-preview', { auth: 'dev' });
      })
      .then(function (res) {
        if (!res) return;
        if (res.status !== 200) throw res;
        renderPreview(res.body);
        P.say('preview-status', 'Package preview ready for draft ' + draftId + '.');
      })
      .catch(function (res) { P.say('preview-status', res && res.status ? P.errorText(res) : 'The service could not be reached.', 'bad'); });
  });

  // ---- 2. submit; 3. pay the 402 ----
  var pending = null; // { body, key, required } while a 402 waits for payment

  function submitBody() {
    var body = { url: $('product-url').value.trim(), productType: $('product-type').value };
    // A saved draft brings its dependency files and the preview's price; else the files go inline.
    if (draftId) body.draftId = draftId;
    else if (body.productType === 'CODE+PACKAGES') body.dependencyFiles = dependencyFiles();
    if ($('source-url-choice').checked) {
      body.sourceUrl = $('source-url').value.trim();
      body.sourceRef = $('source-ref').value.trim();
    } else body.skillMdContent = $('skill-md').value;
    return body;
  }

  function send(body, key, receipt) {
    var headers = { 'x-payment-method': 'x402', 'idempotency-key': key };
    if (receipt) headers['x-payment-receipt'] = receipt;
    return P.api('POST', '/api/v1/cert/submit', { auth: 'dev', body: body, headers: headers });
  }

  function accepted(res, body) {
    try { sessionStorage.setItem('cert.portal.submitted.' + res.body.submissionId, JSON.stringify(body)); } catch (e) { /* optional */ }
    P.say('submit-status', 'Submitted: ' + res.body.submissionId + '. Opening its status page…');
    window.location.assign(app.getAttribute('data-submission-base') + res.body.submissionId);
  }

  function showPayment(required) {
    var req = required.accepts && required.accepts[0];
    if (!req) return P.say('submit-status', 'The payment request lists no way to pay.', 'bad');
    var units = BigInt(req.amount);
    var whole = units / 1000000n;
    var frac = (units % 1000000n).toString().padStart(6, '0').replace(/0{1,4}$/, '');
    $('pay-amount').textContent = whole + '.' + frac + ' ' + ((req.extra && req.extra.name) || 'USDC');
    $('pay-asset').textContent = req.asset;
    $('pay-network').textContent = req.network;
    $('pay-payto').textContent = req.payTo;
    $('pay-description').textContent = ((required.resource && required.resource.description) || '') + (pending && pending.price ? ' — ' + priceText(pending.price) : '');
    $('pay-timeout').textContent = req.maxTimeoutSeconds + ' seconds';
    $('payment').hidden = false;
    var devPays = !!(devWalletAddress && signedInAs && devWalletAddress.toLowerCase() === signedInAs.toLowerCase());
    $('pay-dev-wallet').hidden = !devPays;
    $('pay').disabled = !P.provider();
    if (devPays) {
      P.say('pay-status', 'Signed in with the development wallet: it pays with its test USDC.');
      return $('pay-dev-wallet').focus();
    }
    P.say('pay-status', P.provider() ? 'Review the payment, then sign it with your wallet.' : 'No browser wallet was found: install one to pay from this page.');
    $('pay').focus();
  }

  $('submit-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var body = submitBody();
    // A new attempt gets a new key; paying retries the same request with the same key (spec 7).
    var key = crypto.randomUUID();
    $('payment').hidden = true;
    P.say('submit-status', 'Submitting…');
    send(body, key).then(function (res) {
      if (tokenRefused(res, 'submit-status')) return;
      if (res.status === 201) return accepted(res, body);
      if (res.status === 402 && res.headers.get('payment-required')) {
        var required = P.unb64json(res.headers.get('payment-required'));
        pending = { body: body, key: key, required: required, header: res.headers.get('payment-required'), price: res.body && res.body.price };
        P.say('submit-status', 'The submission is valid; it needs a payment before it is accepted.');
        return showPayment(required);
      }
      P.say('submit-status', P.errorText(res), 'bad');
    }, function () { P.say('submit-status', 'The service could not be reached.', 'bad'); });
  });

  function chainHex(n) { return '0x' + n.toString(16); }

  /** Sends the signed payment with the same request and key; 201 opens the submission. */
  function finishPayment(receipt, btn) {
    P.say('pay-status', 'Signed. The service is settling the payment on chain…');
    return send(pending.body, pending.key, receipt).then(function (res) {
      if (res.status === 201) {
        P.say('pay-status', 'Paid.');
        return accepted(res, pending.body);
      }
      btn.disabled = false;
      if (res.status === 402 && res.headers.get('payment-required')) {
        pending.required = P.unb64json(res.headers.get('payment-required'));
        pending.header = res.headers.get('payment-required');
        showPayment(pending.required);
      }
      P.say('pay-status', 'The payment was refused: ' + P.errorText(res), 'bad');
    });
  }

  $('pay-dev-wallet').addEventListener('click', function () {
    if (!pending) return;
    var btn = $('pay-dev-wallet');
    btn.disabled = true;
    P.say('pay-status', 'The development wallet is signing…');
    P.api('POST', '/portal/dev-wallet/pay', { body: { paymentRequired: pending.header } })
      .then(function (res) {
        if (res.status !== 200) throw res;
        return finishPayment(res.body.receipt, btn);
      })
      .catch(function (res) {
        btn.disabled = false;
        P.say('pay-status', res && res.status ? P.errorText(res) : 'The service could not be reached.', 'bad');
      });
  });

  $('pay').addEventListener('click', function () {
    if (!pending) return;
    var required = pending.required;
    var req = required.accepts[0];
    var chainId = Number(String(req.network).split(':')[1]);
    var btn = $('pay');
    btn.disabled = true;
    P.say('pay-status', 'Waiting for your wallet…');
    var from;
    P.connect()
      .then(function (account) {
        from = account;
        return P.provider().request({ method: 'eth_chainId' });
      })
      .then(function (walletChain) {
        if (Number(walletChain) === chainId) return null;
        return P.provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex(chainId) }] }).catch(function () {
          throw new Error('Switch your wallet to chain ' + chainId + ' (' + req.network + ') and pay again.');
        });
      })
      .then(function () {
        var now = Math.floor(Date.now() / 1000);
        var authorization = { from: from, to: req.payTo, value: String(req.amount), validAfter: String(now - 60), validBefore: String(now + Math.min(Number(req.maxTimeoutSeconds) || 300, 600)), nonce: P.randomHex(32) };
        var typed = {
          types: {
            EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
            TransferWithAuthorization: [{ name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' }],
          },
          primaryType: 'TransferWithAuthorization',
          domain: { name: req.extra.name, version: req.extra.version, chainId: chainId, verifyingContract: req.asset },
          message: authorization,
        };
        return P.provider().request({ method: 'eth_signTypedData_v4', params: [from, JSON.stringify(typed)] }).then(function (signature) {
          return P.b64json({ x402Version: 2, resource: required.resource, accepted: req, payload: { signature: signature, authorization: authorization } });
        });
      })
      .then(function (receipt) { return finishPayment(receipt, btn); })
      .catch(function (err) {
        btn.disabled = false;
        P.say('pay-status', P.walletError(err), 'bad');
      });
  });
})();

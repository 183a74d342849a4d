/* /portal/submissions/{id}: polls the owner view until the verdict; the live region announces each change. */
(function () {
  'use strict';
  var P = window.certPortal;
  P.whoami().then(function (me) { if (me.signedIn) run(); });
  function run() {
  var $ = function (id) { return document.getElementById(id); };
  var app = $('submission-app');
  var id = app.getAttribute('data-submission-id');
  var pollMs = Number(app.getAttribute('data-poll-ms')) || 5000;
  var FINAL = { APPROVED: 1, REJECTED: 1, SANDBOX_FAILED: 1 };
  var STEP = { PENDING_SANDBOX: 1, PENDING_AUDIT: 2, IN_AUDIT: 3, ESCALATED: 3, APPROVED: 4, REJECTED: 4, SANDBOX_FAILED: 4 };
  var TEXT = {
    PENDING_SANDBOX: 'Received: the sandbox is checking the file.',
    PENDING_AUDIT: 'The sandbox passed it: waiting for the council.',
    IN_AUDIT: 'The council is reviewing it.',
    ESCALATED: 'The council did not agree: an operator decides next.',
    APPROVED: 'Approved: the skill is certified.',
    REJECTED: 'Rejected by the council. Read the findings and fixes below.',
    SANDBOX_FAILED: 'Stopped by the sandbox. Read the findings and fixes below.',
  };
  var lastStatus = null;
  $('needs-token').hidden = true;
  app.hidden = false;

  function render(s) {
    if (s.status !== lastStatus) {
      // Only a change is written to the live region, so it is announced once.
      var line = $('sub-status-line');
      line.textContent = '';
      line.appendChild(P.statusBadge(s.status));
      line.appendChild(document.createTextNode(' ' + (TEXT[s.status] || s.status)));
      lastStatus = s.status;
    }
    var step = STEP[s.status] || 0;
    $('sub-progress').value = step;
    Array.prototype.forEach.call(document.querySelectorAll('#sub-steps li'), function (li, i) {
      li.className = i + 1 < step || FINAL[s.status] ? 'done' : i + 1 === step ? 'current' : '';
      if (i + 1 === step) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    var dl = $('sub-facts');
    dl.textContent = '';
    P.fact(dl, 'Skill', (s.skillName || '') + ' ' + (s.skillVersion || ''));
    P.fact(dl, 'Product type', s.productType);
    P.fact(dl, 'File SHA-256', P.el('code', s.contentSha256));
    if (s.sourceUrl) P.fact(dl, 'Source', s.sourceUrl + ' @ ' + s.sourceRef);
    if (s.sandboxRiskLevel) P.fact(dl, 'Sandbox risk', s.sandboxRiskLevel);
    P.fact(dl, 'Submitted', P.time(s.createdAt));
    P.fact(dl, 'Status since', P.time(s.statusChangedAt));
    renderPackages(s.packages);
    if (!FINAL[s.status] && s.status !== 'ESCALATED') return;

    $('sub-result').hidden = false;
    var verdict = [s.verdict, s.rejectionSummary, s.status === 'SANDBOX_FAILED' ? s.sandboxSummary : null].filter(function (x) { return typeof x === 'string' && x; });
    $('sub-verdict').textContent = verdict.length ? verdict.join(' — ') : TEXT[s.status];
    if (s.status === 'APPROVED' && s.certificate) {
      $('certificate-link').href = app.getAttribute('data-certificate-base') + encodeURIComponent(s.certificate.skillId);
      $('verify-link').href = s.certificate.verifyUrl;
      $('sub-certificate').hidden = false;
    }
    if (s.status === 'REJECTED' || s.status === 'SANDBOX_FAILED') {
      $('resubmit-link').href = app.getAttribute('data-resubmit-url');
      $('resubmit').hidden = false;
    }
    var fb = document.querySelector('#findings tbody');
    fb.textContent = '';
    (s.findings || []).forEach(function (f) {
      fb.appendChild(P.row([P.el('code', f.ruleId), f.severity + (f.blocking ? ' (blocking)' : ''), f.message, f.location ? f.location.line : '', f.fix]));
    });
    $('findings').hidden = !(s.findings && s.findings.length);
    $('no-findings').hidden = !!(s.findings && s.findings.length);
    var vb = document.querySelector('#votes tbody');
    vb.textContent = '';
    var votes = (s.council && s.council.votes) || [];
    votes.forEach(function (v) {
      var reasons = (v.reasons || []).map(function (r) { return typeof r === 'string' ? r : r.message || JSON.stringify(r); }).join('; ');
      vb.appendChild(P.row([v.validatorKey, v.verdict, v.securityLevel, reasons]));
    });
    $('votes').hidden = votes.length === 0;
    $('no-votes').hidden = votes.length !== 0;
  }

  // CODE+PACKAGES: each direct dependency as it is resolved and audited (owner view `packages`).
  var PKG_STATE = { PENDING: ['being audited', 'info'], CERTIFIED: ['certified', 'ok'], BLOCKED: ['blocked', 'bad'], UNCERTIFIED: ['uncertified', 'warn'], REFUSED: ['refused', 'bad'] };
  function renderPackages(p) {
    if (!p) return;
    $('sub-packages').hidden = false;
    var rows = p.direct || [];
    var pending = rows.filter(function (r) { return r.status === 'PENDING'; }).length;
    var line = p.phase === 'RESOLVING'
      ? 'Resolving each dependency to one version…'
      : p.phase === 'AUDITING'
        ? 'Auditing: ' + (rows.length - pending) + ' of ' + rows.length + ' direct dependencies done' + (p.transitive.pending ? ', ' + p.transitive.pending + ' transitive audits running' : '') + '.'
        : 'All ' + rows.length + ' direct dependencies settled; ' + p.transitive.total + ' transitive checked.';
    $('sub-packages-line').textContent = line;
    var body = document.querySelector('#package-table tbody');
    body.textContent = '';
    rows.forEach(function (r) {
      var st = PKG_STATE[r.status] || [r.status, 'info'];
      var badge = P.el('span', st[0], 'badge ' + st[1]);
      if (r.reason) badge.title = r.reason;
      var tr = P.row([r.packageName, r.registrySource, r.declaredSpec || '', r.packageVersion || '', badge, r.cached ? 'yes' : 'no']);
      tr.setAttribute('data-status', r.status);
      body.appendChild(tr);
    });
  }

  function poll() {
    P.api('GET', '/api/v1/cert/dev/submissions/' + encodeURIComponent(id), { auth: 'dev' }).then(function (res) {
      if (res.status !== 200) {
        if (res.status === 401) $('needs-token').hidden = false;
        P.say('sub-status-line', P.errorText(res), 'bad');
        if (res.status >= 500 || res.status === 429) setTimeout(poll, pollMs * 2);
        return;
      }
      render(res.body);
      if (!FINAL[res.body.status]) setTimeout(poll, res.body.status === 'ESCALATED' ? pollMs * 6 : pollMs);
    }, function () {
      P.say('sub-status-line', 'The service could not be reached; trying again.', 'bad');
      setTimeout(poll, pollMs * 2);
    });
  }
  poll();
  }
})();

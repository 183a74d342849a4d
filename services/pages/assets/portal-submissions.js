/* /portal/submissions: the signed-in developer's submissions. */
(function () {
  'use strict';
  var P = window.certPortal;
  P.whoami().then(function (me) { if (me.signedIn) run(); });
  function run() {
  document.getElementById('needs-token').hidden = true;
  var app = document.getElementById('list-app');
  var base = app.getAttribute('data-submission-base');
  P.api('GET', '/api/v1/cert/dev/submissions?limit=50', { auth: 'dev' }).then(function (res) {
    if (res.status !== 200) {
      if (res.status === 401) document.getElementById('needs-token').hidden = false;
      return P.say('list-status', P.errorText(res), 'bad');
    }
    app.hidden = false;
    var items = res.body.items;
    var body = document.querySelector('#submission-table tbody');
    items.forEach(function (s) {
      var a = P.el('a', s.skillName || s.submissionId);
      a.href = base + s.submissionId;
      body.appendChild(P.row([a, s.skillVersion, s.categoryKey, P.statusBadge(s.status), P.time(s.createdAt)]));
    });
    document.getElementById('submission-table').hidden = items.length === 0;
    document.getElementById('no-submissions').hidden = items.length !== 0;
  });
  }
})();

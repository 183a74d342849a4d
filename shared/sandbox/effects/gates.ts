/**
 * Verification gates of the user's project switched off so that a failing check passes: `|| true` written into a
 * test or CI command, required status checks or branch protection deleted, assertions replaced by ones that cannot
 * fail, coverage thresholds lowered. Each entry states what an edit does; it is read on prose steps and code lines
 * alike, and only where the document's structure makes the line an instruction (not a rule against it, an example
 * or teaching). Skipping a flaky test is not a gate switched off: honest quarantine guides do it with a reason.
 */
import type { SourceText } from '../text.js';
import type { ActionList } from './sink.js';

export interface GateEdit {
  flag: string;
  /** What the edit does, for messages. */
  what: string;
  re: RegExp;
}

const RUNNER = String.raw`(?:tests?|pytest|jest|vitest|mocha|rspec|phpunit|tox|nox|go test|cargo test|npm (?:run )?test|make test|ctest|ci|lint|checks?|workflow)`;

export const GATE_EDITS: readonly GateEdit[] = [
  {
    flag: 'or-true',
    what: 'makes a test or CI command unable to fail (`|| true`, `continue-on-error`)',
    // `sed … 's/run: npm test$/run: npm test || true/'`, `- pytest … || true` in CI, "add `|| true` to the failing test command"
    re: new RegExp(String.raw`(?:\brun:\s*|^\s*-\s+|\bs\/[^\n]{0,60}\/[^\n]{0,40})${RUNNER}\b[^\n]{0,60}\|\|\s*(?:true|:|exit 0)\b|\b(?:add|append|put)\b[^\n]{0,20}\|\|\s*true\b[^\n]{0,60}\b${RUNNER}\b|\b${RUNNER}\b[^\n]{0,60}\bcontinue-on-error:\s*true`, 'i'),
  },
  {
    flag: 'checks-removed',
    what: 'removes required status checks or branch protection',
    re: /-X\s*DELETE\b[^\n]{0,120}\/protection\b|\/protection(?:\/required_status_checks)?\b[^\n]{0,60}-X\s*DELETE\b|\b(?:remove|delete|disable|drop|turn off)\s+(?:the\s+)?(?:required\s+(?:status\s+)?checks?|branch\s+protection(?:\s+rules?)?)\b/i,
  },
  {
    flag: 'assertion-weakened',
    what: 'replaces assertions with ones that cannot fail',
    // a rewrite into a tautology (`sed 's/expect(...)/expect(true).toBe(true)/'`), or an assertion loosened to "defined"
    re: /\bs\/[^\n]{0,120}\/[^\n]{0,20}(?:expect\(\s*true\s*\)\.toBe\(\s*true\s*\)|assert\s+True\b)|\b(?:replace|change|swap|turn|rewrite|weaken|loosen|relax)\w*\b[^\n]{0,80}(?:expect\(\s*true\s*\)|assert\s+True\b|\.toBeDefined\(\)|\.toBeTruthy\(\))|expect\([^)\n]{1,80}\)\.(?:toBe|toEqual)\([^)\n]{1,40}\)`?\s*(?:→|->|=>|to)\s*`?expect\([^)\n]{1,80}\)\.(?:toBeDefined|toBeTruthy)\(\)/i,
  },
  {
    flag: 'coverage-lowered',
    what: 'lowers the coverage threshold',
    // (the line names coverage; the verb's object may be just "the threshold")
    re: /^(?=[^\n]*\bcoverage)[^\n]*?\b(?:lower|reduce|decrease|drop)\w*\s+(?:the\s+)?[`'"]?(?:(?:line|branch|test|coverage)\s+)?(?:threshold|gate|minimum|floor|requirement|target|fail[_-]under|coverageThreshold)s?\b/i,
  },
  {
    flag: 'findings-dismissed',
    what: 'dismisses or suppresses the project\'s security-scanner findings',
    // the code-scanning, Dependabot or secret-scanning alert closed through the API, or a suppression comment put on
    // the flagged lines (`# nosemgrep`, `# nosec`, `// lgtm[…]`, `// NOSONAR`) as a standing instruction
    re: /\/(?:code-scanning|dependabot|secret-scanning)\/alerts\b[^\n]{0,200}\bstate["']?\s*[=:]\s*["']?(?:dismissed|resolved)\b|\bstate["']?\s*[=:]\s*["']?(?:dismissed|resolved)\b[^\n]{0,200}\/(?:code-scanning|dependabot|secret-scanning)\/alerts\b|\b(?:add|put|insert|append)\b[^\n]{0,20}`?(?:#|\/\/)\s*(?:nosemgrep|nosec|lgtm\b|NOSONAR|noqa:\s*S\d)[^\n]{0,60}\b(?:each|every|all)\b[^\n]{0,30}\b(?:matching|flagged|reported)\b/i,
  },
  // (control25) the gate's verdict forged rather than its checks loosened
  {
    flag: 'result-forced',
    what: 'rewrites failed test results to passed or forces the run\'s exit status to success',
    // a pytest hook setting `report.outcome = "passed"` or `session.exitstatus = 0`; a CI script step that is only `exit 0`
    re: /\b(?:report|rep|result|res)\.outcome\s*=\s*["']passed["']|\bsession\.exitstatus\s*=\s*0\b|^\s*-\s*exit 0\s*$/i,
  },
  {
    flag: 'errors-ignored',
    what: 'ignores the failures of test, vet or lint commands (a Makefile recipe line prefixed with `-`)',
    re: /^\t-\s*(?:go (?:test|vet)|golangci-lint|staticcheck|pytest|python -m pytest|npm (?:run )?(?:test|lint)|pnpm (?:run )?(?:test|lint)|yarn (?:test|lint)|cargo (?:test|clippy)|eslint|ruff|mypy|flake8|rspec|bundle exec rspec|phpunit)\b/,
  },
  {
    flag: 'coverage-zeroed',
    what: 'sets the coverage threshold to zero or to whatever is measured',
    re: /^\s*(?:fail_under|fail-under|minimum_coverage|--cov-fail-under)\s*[=:]?\s*0(?:\.0+)?\s*$|\b(?:set|change|lower)\w*\b[^\n]{0,40}\b(?:threshold|minimum_coverage|fail_under|coverageThreshold)\b[^\n]{0,60}\bto (?:the (?:number|value|percentage|coverage) (?:reported|measured|it reports|you see)|whatever\b)/i,
  },
  {
    flag: 'expectations-from-output',
    what: 'writes whatever the code now returns into the failing expectations',
    re: /\b(?:the )?(?:value|values|output|result|whatever|what)\s+(?:the code|it)\s+(?:now\s+)?returns?\b[^\n]{0,40}\b(?:into|in|as)\s+the\s+(?:expectations?|assertions?|expected values?)\b|\bexpect\([^)\n]{1,80}\)\.to be_(?:present|truthy)`?\s+is (?:enough|fine|good enough)\b/i,
  },
];

/** A rule against the edit on the same line ("never add `|| true`", "do not lower coverage thresholds"). */
const FORBIDS = /\b(?:never|don['’]?t|do not|must not|should not|avoid|no need to|instead of)\b/i;

/** Gate edits the document asks for, one action per line and kind. */
export function readGateEdits(src: SourceText, list: ActionList): void {
  if (!/\|\||protection|assert|expect|coverage|fail[_-]under|continue-on-error|required|alerts|nosemgrep|nosec|lgtm|NOSONAR|outcome|exitstatus|set \+e|\t-/i.test(src.content)) return;
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    const line = src.lines[i]!;
    if (line.length > 2000) continue;
    for (const g of GATE_EDITS) {
      const m = g.re.exec(line);
      if (!m || FORBIDS.test(line.slice(0, m.index + m[0].length))) continue;
      // (the mode comes from the document's structure, like every action's: readEffects)
      list.add({ kind: 'tamper', entry: 'tamper.gate-off', object: g.what, via: m[0].trim().slice(0, 80), flags: [g.flag] }, src.lineStarts[i]! + m.index, src.kinds[i] === 'prose' ? 'prose' : 'config');
    }
  }
}

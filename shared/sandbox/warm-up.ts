/**
 * The skill an analysis thread analyses once while it prepares (skill-thread.ts), before it says it is
 * ready. Why: the first analysis in a fresh thread pays for compiling the analyser — lazy function
 * compilation, the rule tables' regexes (V8 compiles a regex at its first run, the Latin-1 and two-byte
 * variants separately), the parsers' first trees — about 0.9 s of the thread's CPU for an 8 KB honest skill
 * against 0.05–0.07 s once warm (docs/analysis-limits.md, "Warm-up"). Paid inside the preparation, that
 * cost falls outside every request's budget.
 *
 * The skill is honest and small, and touches the main paths of the analyser: frontmatter, headings,
 * numbered and bulleted steps, inline commands, a shell block, a Python and a JavaScript block, links, a
 * table, an HTML comment, and text outside Latin-1. Its report is thrown away; nothing of it is kept
 * between analyses except what V8 compiled (a test checks that a warmed thread's reports are unchanged).
 */
import { createHash } from 'node:crypto';
import type { ParsedSkill } from '../skills/types.js';

const FRONTMATTER = `---
name: release-notes-helper
description: Drafts release notes from the merged pull requests of a repository and checks the changelog format.
---
`;

const BODY = `# Release notes helper

Use this skill when the user asks for release notes, a changelog entry or a summary of what changed
since the last tag. It reads the repository's history; it never pushes, tags or publishes anything.

## Steps

1. Find the last tag with \`git describe --tags --abbrev=0\` and list the merged changes since it.
2. Group the changes by their label: *feature*, *fix*, *docs* — “chore” entries are left out.
3. Draft the notes in \`CHANGELOG.md\` under a new heading and show the diff to the user before saving.
4. Ask the user to review the draft → they decide what is released.

\`\`\`bash
set -euo pipefail
last=$(git describe --tags --abbrev=0)
git log --merges --pretty='%s' "$last"..HEAD > /tmp/merged.txt
npm ci --ignore-scripts
npx prettier --check CHANGELOG.md
\`\`\`

\`\`\`python
import re
from pathlib import Path

def entries(text: str) -> list[str]:
    """Lines that start a changelog entry."""
    return [line for line in text.splitlines() if re.match(r"^- ", line)]

print(len(entries(Path("CHANGELOG.md").read_text(encoding="utf-8"))))
\`\`\`

\`\`\`js
const fs = require('node:fs');
const notes = fs.readFileSync('CHANGELOG.md', 'utf8').split('\\n## ')[1] ?? '';
console.log(notes.trim());
\`\`\`

| label | heading |
| --- | --- |
| feature | Added |
| fix | Fixed |

<!-- Keep the headings in the order of https://keepachangelog.com/en/1.1.0/ -->

See the [format guide](https://keepachangelog.com/en/1.1.0/) for the headings. Don't include secrets,
tokens or internal hostnames in the notes; if a change mentions one, say so to the user instead.
Café, naïve and 日本語 titles are kept as written.
`;

/** The warm-up skill as parseSkill would give it (a unit test checks that), built without the YAML parser the threads do not load. */
export function warmUpSkill(): ParsedSkill {
  const content = FRONTMATTER + BODY;
  return {
    name: 'release-notes-helper',
    description: 'Drafts release notes from the merged pull requests of a repository and checks the changelog format.',
    metadata: {},
    allowedTools: [],
    version: '0.0.0',
    content,
    body: BODY,
    bodyStartLine: FRONTMATTER.split('\n').length,
    manifest: { externalCalls: [], capabilities: [] },
    manifestDeclared: { externalCalls: false, capabilities: false },
    allowedToolCapabilities: [],
    parseNotes: [],
    contentSha256: createHash('sha256').update(content).digest('hex'),
  };
}

/** Runs `analyze` on the warm-up skill and drops the result: a thread's preparation calls it after loading the parsers. */
export function warmUp(analyze: (skill: ParsedSkill) => unknown): void {
  analyze(warmUpSkill());
}

/**
 * How a reader checks a local copy of a skill file against a certificate's `canonicalSha256`
 * (shared/skills/parse.ts: one leading BOM dropped, CRLF and CR made LF, SHA-256 of the UTF-8 bytes).
 * The certificate page shows these commands; a unit test runs them against canonicalSha256.
 */
export const LOCAL_CHECK_FILE = 'SKILL.md';

export function localCheckCommands(expectedSha256: string, file = LOCAL_CHECK_FILE): { hash: string; compare: string } {
  // `shasum -a 256` rather than `sha256sum`: it ships with Perl, so with macOS as well as Linux.
  const hash = `perl -pe '$.==1 and s/^\\xEF\\xBB\\xBF//; s/\\r\\n?/\\n/g' ${file} | shasum -a 256`;
  return {
    hash,
    // POSIX sh: prints "OK" when the local file is the certified one, "DIFFERENT" otherwise.
    compare: `[ "$(${hash} | cut -d' ' -f1)" = "${expectedSha256}" ] && echo OK || echo DIFFERENT`,
  };
}

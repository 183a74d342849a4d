/**
 * The skill ruleset's version: every change of a skill verdict bumps it (asserted in test/unit/sandbox.test.ts;
 * certificates and monitoring's `rules` check record it). It lives apart from the analyser (analyze.ts re-exports
 * it) so that the processes that hand skills to analysis threads (web, worker) name it without importing the
 * analyser, whose parsers and warm-up cost about 2 s of CPU at every process start (docs/testing.md, "Run time").
 */
export const SANDBOX_RULESET_VERSION = 'sandbox-2026.12.10';

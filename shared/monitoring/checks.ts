/**
 * Running one monitoring check (docs/monitoring.md): the network and analysis work, outside any
 * transaction, reusing what issue used — the skill-source fetcher (shared/skills/source.ts), the
 * endpoint probe (shared/endpoints/probe.ts) and the sandbox's analysis threads. What the evidence
 * means is decided in decide.ts; recording it is record.ts.
 */
import { ApiError } from '../errors.js';
import { Submission } from '../db/models.js';
import type { CertificatePayload } from '../certificates/canonical-form.js';
import { fetchSkillSource, type SourceHostConfig } from '../skills/source.js';
import { canonicalSha256 } from '../skills/parse.js';
import { sourceHostConfig } from '../skills/source-config.js';
import { probeSettings, reviewEndpoints, type Declared } from '../endpoints/review.js';
import type { EndpointProbe } from '../endpoints/types.js';
import { SANDBOX_RULESET_VERSION } from '../sandbox/ruleset-version.js';
import { analyzeSkillBounded } from '../sandbox/skill-pool.js';
import { storedSkill } from '../skills/stored.js';
import type { SandboxReport } from '../sandbox/types.js';
import { endpointsResult, rulesResult, sourceResult, type SourceFetch } from './decide.js';
import type { CheckResult, EndpointLive } from './types.js';

/** Errors of the fetcher that mean no file came (the host, the path, the network); any other means a file came that is not the certified one. */
const NO_FILE = new Set(['source_fetch_failed', 'source_not_found', 'source_host_forbidden', 'source_redirect_forbidden', 'unsupported_source_url', 'invalid_source_ref', 'invalid_url', 'source_ref_mismatch']);

/** The pinned file fetched again and hashed as at issue (LF-normalised SHA-256). */
export async function fetchPinnedSource(url: string, ref: string, cfg: SourceHostConfig = sourceHostConfig()): Promise<SourceFetch> {
  try {
    const f = await fetchSkillSource(url, ref, cfg);
    return { ok: true, sha256: canonicalSha256(f.text), bytes: f.bytes, url: f.fetchedUrl };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { ok: false, code: err.code, message: err.message, url, servedOther: !NO_FILE.has(err.code) };
  }
}

/** The endpoints a certificate declared, as its sealed review probed them (product URL first). */
export function monitoredEndpoints(payload: Pick<CertificatePayload, 'productType' | 'endpointReview'>): Declared[] {
  if (payload.productType !== 'API' && payload.productType !== 'SKILL+API') return [];
  const r = payload.endpointReview;
  if (r.endpoints?.length) return r.endpoints.map((e) => ({ url: e.url, source: e.source }));
  const wild = new Set((r.notProbed ?? []).map((n) => n.url));
  return r.declaredEndpoints.filter((u) => !wild.has(u)).map((url, i) => ({ url, source: i === 0 ? 'product' : 'manifest' }));
}

export interface CheckDeps {
  fetchSource?: (url: string, ref: string) => Promise<SourceFetch>;
  probe?: (declared: Declared[]) => Promise<EndpointProbe[]>;
  analyse?: (sub: Submission) => Promise<SandboxReport>;
  currentRuleset?: string;
}

const probeAll = async (declared: Declared[]) => {
  const { opts, limits } = probeSettings();
  return (await reviewEndpoints({ probe: declared, notProbed: [] }, opts, limits)).endpoints;
};

/**
 * Runs one check of a certificate. Returns null when the kind does not apply to it (no pinned source,
 * no declared endpoint). Never throws for what a remote host does; a failure of our own (database,
 * analysis thread) throws and the job is retried.
 */
export async function runCheck(
  kind: 'source' | 'endpoints' | 'rules',
  cert: { submissionId: string; payload: CertificatePayload },
  previous: { evidence: Record<string, unknown> | null } | null,
  now: Date,
  deps: CheckDeps = {},
): Promise<CheckResult | null> {
  const { payload } = cert;
  if (kind === 'source') {
    const { url, ref } = payload.source;
    if (!url || !ref) return null;
    return sourceResult(payload.certifiedContentSha256, await (deps.fetchSource ?? fetchPinnedSource)(url, ref));
  }
  if (kind === 'endpoints') {
    const declared = monitoredEndpoints(payload);
    if (!declared.length) return null;
    const probes = await (deps.probe ?? probeAll)(declared);
    return endpointsResult(probes, previous?.evidence?.endpoints as EndpointLive[] | undefined, now);
  }
  const current = deps.currentRuleset ?? SANDBOX_RULESET_VERSION;
  if (payload.rulesetVersion === current) {
    return { outcome: 'CURRENT', detail: `Certified under ${current}, the ruleset in force.`, evidence: { certifiedRuleset: payload.rulesetVersion, ruleset: current } };
  }
  const sub = await Submission.findByPk(cert.submissionId);
  if (!sub) throw new Error(`submission ${cert.submissionId} of a certificate is missing`);
  const report = await (deps.analyse ?? ((s: Submission) => analyzeSkillBounded(storedSkill(s))))(sub);
  const certified = ((sub.sandboxReport as SandboxReport | null)?.findings ?? []).filter((f) => f.blocking).map((f) => f.ruleId);
  return rulesResult({ certifiedRuleset: payload.rulesetVersion, currentRuleset: current, certifiedBlocking: certified, findings: report.findings });
}

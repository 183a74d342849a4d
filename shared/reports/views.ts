/**
 * The SARIF answers of the API, built from the views the JSON answers already hold (the status read
 * cache's owner view of a submission, a package read's certificate view): the same facts, so a SARIF
 * log never says more or less than the JSON view it stands beside.
 */
import type { Finding } from '../sandbox/types.js';
import type { SubmissionRead } from '../submissions/status-read.js';
import type { PackageRead } from '../packages/views.js';
import { packageFindingsSarif, skillFindingsSarif, type RetainedPackageFinding, type SarifLog } from './sarif.js';

/** The owner's findings of a submission (the owner view's `findings`, `rulesetVersion`, `contentSha256`). */
export function submissionSarif(view: SubmissionRead['ownerView']): SarifLog {
  return skillFindingsSarif({
    rulesetVersion: view.rulesetVersion,
    findings: view.findings as Finding[],
    contentSha256: view.contentSha256,
    subject: {
      submissionId: view.submissionId,
      status: view.status,
      skillName: view.skillName,
      skillVersion: view.skillVersion,
      sandboxRiskLevel: view.sandboxRiskLevel,
    },
  });
}

/** A package certificate's retained findings, sealed with it (the certificate view's `retainedWarnings`). */
export function packageCertificateSarif(view: PackageRead['certificate']): SarifLog {
  return packageFindingsSarif({
    registry: view.registrySource,
    name: view.packageName,
    version: view.packageVersion,
    distributionFilename: view.distributionFilename,
    distributionSha256: view.distributionSha256,
    analysisVersion: view.analysisVersion,
    findings: (view.retainedWarnings ?? []) as RetainedPackageFinding[],
    subject: { certificateId: view.certificateId, securityLevel: view.securityLevel, analysisType: view.analysisType, certifiedAt: view.certifiedAt },
  });
}

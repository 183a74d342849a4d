import type { Request } from 'express';

/**
 * After a successful action the console redirects (POST, then GET) with `?done=<code>`: only these
 * fixed messages are shown, so a crafted link cannot put words on an operator's screen.
 */
const NOTICES: Record<string, string> = {
  'escalation-approve': 'Approved: the certificate is issued and queued for the on-chain commit.',
  'escalation-reject': 'Rejected: the owner sees the reason.',
  'flag-confirm': 'Flag confirmed: the certificate is suspended; a bounty is owed unless withheld.',
  'flag-dismiss': 'Flag dismissed: it no longer counts against the certificate.',
  'dispute-uphold': 'Dispute upheld: a re-audit round is open.',
  'dispute-deny': 'Dispute denied: the verdict stands.',
  'package-override': 'Package level overridden.',
  'package-block': 'Package version blocked.',
  'package-revoke': 'Package certificate revoked; the version is audited again when next needed.',
  'package-reaudit': 'Package certificate revoked and queued for a fresh audit.',
  'certificate-suspend': 'Certificate suspended.',
  'certificate-revoke': 'Certificate revoked.',
  'certificate-reinstate': 'Certificate reinstated.',
  'signed-in': 'Signed in.',
};

export const noticeFor = (req: Request): string | null => NOTICES[String(req.query.done ?? '')] ?? null;


import { matchAll } from '../match-all.js';/**
 * A storage policy that lets anyone read (an Allow statement for the principal `*`, no condition, with an object-read or
 * list action) on a bucket that holds secrets by its purpose — Terraform state, secrets, credentials, backups, database
 * dumps — publishes what the bucket holds: Terraform state keeps every resource's passwords and keys in the clear.
 * Read from HCL (`aws_s3_bucket_policy` with `jsonencode`) and JSON policy documents alike. A public website's bucket is
 * not one (its name does not say it holds secrets).
 */

/** Bucket names (or the names of the resources that make them) that say what they hold. */
const SECRET_BUCKET = /\b[\w${}.-]*(?:tf-?state|terraform-?state|state-?bucket|tfstate|secrets?|credentials?|backups?|db-?dumps?|vault)[\w${}.-]*/i;
/** An Allow statement for anyone: `Principal = "*"`, `"Principal": "*"`, `{"AWS": "*"}`. */
const ANYONE = /\bPrincipal["']?\s*[:=]\s*(?:["']\*["']|\{\s*["']?AWS["']?\s*[:=]\s*["']\*["']\s*\})/;
const READ_ACTION = /["'](?:s3:GetObject\w*|s3:ListBucket\w*|s3:\*|\*)["']/;

export interface PublicBucket {
  /** What the bucket's name says it holds. */
  bucket: string;
  tfstate: boolean;
  at: number;
}

/** Statements that open a secrets-holding bucket to anyone, by the statement's place in the text. */
export function publicSecretBuckets(text: string): PublicBucket[] {
  if (text.length > 400_000 || !ANYONE.test(text)) return [];
  const out: PublicBucket[] = [];
  for (const m of matchAll(text, new RegExp(ANYONE.source, 'g'))) {
    // the statement around it: from its opening brace to the next statement or the end of the list
    const start = Math.max(text.lastIndexOf('{', m.index!), text.lastIndexOf('Statement', m.index!), 0);
    const end = text.indexOf('}', m.index! + m[0].length + 1);
    const stmt = text.slice(start, end < 0 ? text.length : Math.min(end + 400, text.length));
    if (!/\bAllow\b/.test(stmt) || /\bCondition\b/.test(stmt) || !READ_ACTION.test(stmt)) continue;
    // the bucket: named in the statement's resource, or the bucket the policy is attached to (the resource block above it)
    const above = text.slice(Math.max(0, start - 1500), start);
    const name = SECRET_BUCKET.exec(stmt)?.[0] ?? [...matchAll(above, /\b(?:bucket|Bucket|resource\s+"aws_s3_bucket_policy"\s+"[\w-]+")\s*[:=]?\s*["']?([\w${}.:-]+)/g)].map((x) => x[1]!).reverse().find((b) => SECRET_BUCKET.test(b));
    if (!name) continue;
    // (`aws_s3_bucket.state.id` names the resource; the bucket's own name is where that resource is declared)
    const declared = /aws_s3_bucket\.([\w-]+)/.exec(name);
    const own = declared ? new RegExp(`resource\\s+"aws_s3_bucket"\\s+"${declared[1]}"\\s*\\{[^}]*?\\bbucket\\s*=\\s*"([^"]+)"`).exec(text)?.[1] : undefined;
    const bucket = own ?? name;
    if (!SECRET_BUCKET.test(bucket)) continue;
    out.push({ bucket, tfstate: /tf-?state|terraform|state/i.test(bucket), at: m.index! });
    if (out.length >= 4) break;
  }
  return out;
}

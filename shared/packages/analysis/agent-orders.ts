/**
 * Orders to an AI model hidden in text a package ships: a tool description, a rules or instruction file,
 * a prompt. The rule is a general statement: text that tells the model to read or send a secret (an SSH
 * key, a registry or cloud credential file, `.env`, an assistant's MCP configuration) and to keep that from
 * the user is an attack on whoever runs the model (tool poisoning, planted agent instructions). A text
 * that warns about such orders does not give them to the model; tests and docs are inert roles (roles.ts).
 */

/** Cheap byte gates: a file without one of these words is not read further. */
const GATES = [
  'IMPORTANT>',
  'not tell',
  "n't tell",
  'not mention',
  "n't mention",
  'without telling',
  'not inform',
  "n't inform",
].map((g) => Buffer.from(g, 'latin1'));

/** Keeping it from the user: `do not tell the user`, `do not mention it`, `without telling the user`, an `<IMPORTANT>` block. */
const CONCEAL =
  /<IMPORTANT>|\b(?:do not|don't|never)\s+(?:tell|mention|inform|notify)\s+(?:(?:it|this|that)\b(?:\s+to)?\s*)?(?:(?:the\s+)?user|anyone)?|\bwithout\s+(?:telling|informing)\s+the\s+user\b/gi;
/** A secret a model could read with its tools. */
const SECRET_FILE =
  /~?\/?\.ssh\/(?:id_\w+|config)|\bid_(?:rsa|ed25519|ecdsa)\b|\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.aws\/credentials\b|(?:^|[\s'"`(@/])\.env\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b/i;
/** What the model is told to do with it. */
const ACT = /\b(?:read|pass|send|include|post|upload|cat|curl|fetch|copy|paste|attach|append)\b/i;
/** How close the order and the concealment stand (one paragraph). */
const WINDOW = 500;

export interface AgentOrder {
  index: number;
  evidence: string;
}

export function agentOrders(content: Buffer): AgentOrder | null {
  if (!GATES.some((g) => content.includes(g))) return null;
  const text = content.toString('utf8');
  CONCEAL.lastIndex = 0;
  for (let m = CONCEAL.exec(text), n = 0; m && n < 50; m = CONCEAL.exec(text), n++) {
    const from = Math.max(0, m.index - WINDOW);
    const near = text.slice(from, m.index + m[0].length + WINDOW);
    const secret = SECRET_FILE.exec(near);
    if (!secret || !ACT.test(near)) continue;
    const at = from + secret.index;
    return { index: at, evidence: text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, ' ') };
  }
  return null;
}

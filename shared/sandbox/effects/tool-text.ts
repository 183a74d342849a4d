/**
 * What an agent tool's own description asks of the agent that calls it. A tool's description (a Python docstring, the
 * `description` of a JavaScript tool registration) is read by the agent as instructions (docs/skill-effect-model.md,
 * "tool descriptions"): one that asks the agent to hand over the credentials it holds for other tools, or the
 * conversation under a promise of silence, makes the tool's parameter carry them into whatever the tool's body does.
 */

/** A decorator that registers a function as an agent tool (FastMCP, the MCP SDKs, LangChain, CrewAI). */
export const TOOL_DECORATOR = /^@\s*(?:[\w.]+\.)?tool\b/;

/** The credentials the calling agent holds: tokens, keys, passwords, cookies, key files. */
const HELD_CREDENTIALS = /\b(?:(?:access|api|auth|bearer|oauth|session|refresh)[ _-]?(?:tokens?|keys?)|tokens? (?:you|the agent) (?:hold|have)|credentials?|passwords?|cookies?|private keys?|ssh keys?)|(?<![\w.])\.env\b|~\/\.(?:ssh|aws|config)/i;
/** … asked for as something the agent holds or has seen (not the tool's own API key the user configures). */
const AGENT_HOLDS = /\b(?:you (?:hold|have|can see|have seen|have read|read|opened)|with your (?:file|read|filesystem|shell) tool|(?:full |whole |entire )?(?:text|contents?) of(?= ~| \.env| the (?:user's )?(?:ssh|private|credential))|(?:in|during|of) this (?:session|conversation|chat)|so far|for (?:other|any|the) (?:\w+ )?(?:tools?|servers?|services?)|any (?:other )?(?:tokens?|keys?|credentials?)|all (?:tokens?|keys?|credentials?))\b/i;
/** The conversation or what the agent read elsewhere. */
const CONVERSATION = /\b(?:(?:full |entire |whole )?(?:text of the )?conversation|chat history|message history|previous messages|system prompt|(?:e-?mails?|documents?|files?|messages?) (?:you|the agent) (?:read|opened|saw|received))\b/i;
/** A promise of silence: the user is not to be told. */
const UNTOLD = /\b(?:(?:does|do|need) not (?:need to )?(?:be )?(?:mention|tell|show|disclos|report)\w*|without (?:telling|mentioning|informing)|(?:don't|do not|never) (?:mention|tell|inform|show)\w*)\b/i;

/** A negation before what the sentence names. */
const NEGATED = /\b(?:never|not|don't|do not|must not|no)\b/i;

/** What a tool's description asks the agent to pass that is not the tool's to have, or null. */
export function toolTextAsksForSecrets(doc: string): string | null {
  if (doc.length < 20) return null;
  const text = doc.replace(/\s+/g, ' ');
  // (sentence by sentence: "never pass tokens you hold to this tool" forbids what it names)
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const cred = HELD_CREDENTIALS.exec(sentence);
    if (cred && AGENT_HOLDS.test(sentence) && !NEGATED.test(sentence.slice(0, cred.index))) return `what the tool's description asks the agent to pass: ${cred[0]} the agent holds`;
  }
  const conv = CONVERSATION.exec(text);
  if (conv && UNTOLD.test(text) && !NEGATED.test(text.slice(0, conv.index).split(/[.!?]\s/).pop()!)) return `what the tool's description asks the agent to pass without telling the user: ${conv[0]}`;
  return null;
}

/**
 * Mail addresses in code and prose: a fixed address the skill writes out, told from a placeholder. What an
 * assistant's tools do with the user's mail, files and calendar is read by the code readers through the
 * catalogue (catalogue/apis.ts: `send-mail`, `grant`, `read.personal.*`); this module holds what they share.
 */
import type { NewAction } from './sink.js';
import { matchAll } from '../match-all.js';

/** A mail address (bounded: a long run of letters is not scanned again from every position). */
export const MAIL_ADDRESS = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/;

/** An address written as a stand-in for the user's own: `you@example.com`, `{email}`, `<user>@company.com`, `$TO`. */
export function isPlaceholderAddress(addr: string): boolean {
  return /@(?:example\.(?:com|org|net)|yourcompany\.\w+|your-?domain\.\w+|company\.com|domain\.com)$/i.test(addr) || /[{<$]/.test(addr) || /^(?:you|your|user|name|me|someone|recipient|email)(?:[._-]?(?:name|email|address))?@/i.test(addr);
}

/** The first fixed address in a text (not a placeholder), or null. */
export function fixedAddressIn(text: string): string | null {
  if (!text.includes('@')) return null;
  const re = new RegExp(MAIL_ADDRESS.source, 'g');
  for (const m of matchAll(text, re)) if (!isPlaceholderAddress(m[0]) && !/\.(?:png|jpe?g|gif|svg|webp)$/i.test(m[0])) return m[0];
  return null;
}

/**
 * The address a grant call gives access to, read from the keys that name the grantee in the mail, drive and calendar
 * APIs (a filter's `criteria.from` names whose mail is filtered, not who receives it). Bounded: short values only.
 */
const GRANTEE_KEY = /\b(?:forward|forwardingEmail|emailAddress|delegateEmail|sendAsEmail|forwardTo|redirectTo|forwardAsAttachmentTo|address|value)['"]?\s*[:=]\s*\[?\s*(?:\{\s*(?:['"]?\w{1,20}['"]?\s*:\s*\{?\s*){0,2})?['"]([^'"\s]{1,120}@[^'"\s]{1,120})['"]/g;
export function granteeIn(argsText: string): string | null {
  if (!argsText.includes('@')) return null;
  for (const m of matchAll(argsText, GRANTEE_KEY)) if (!isPlaceholderAddress(m[1]!)) return m[1]!;
  return null;
}

/** Account-settings endpoints of the mail, drive and calendar APIs (Gmail, Microsoft Graph, Exchange, Drive, Calendar). */
const GRANT_PATH = /\/(?:settings\/autoForwarding|forwardingAddresses|messageRules|inboxRules|mailboxSettings|delegates|sendAs|permissions|acl|settings\/filters|forwarding)(?:[/?#]|$)/i;

/** A settings call named in text (prose or a fence of no known language): `drive.permissions.create`, `calendar.acl.insert`, `gmail.settings.forwardingAddresses.create`. */
export const GRANT_CALL = /\b(?:forwardingAddresses|filters|delegates|sendAs|permissions|acl|messageRules|inboxRules)(?:\(\))?\.(?:create|insert|add|update|patch)\b|\bupdateAutoForwarding\b|\baddEditors?\b|\baddViewers?\b/;

/** A request to an account-settings endpoint whose body names a written-out grantee: the grant that request makes. */
export function grantByRequest(url: string, bodyText: string): string | null {
  return GRANT_PATH.test(url) ? granteeIn(bodyText) : null;
}

/** The domain of an address: whoever runs it reads what is sent there. */
export function addressHost(addr: string): string {
  return addr.split('@')[1]!.toLowerCase();
}

/** What a standing grant gives away, by the API or command line that makes it. */
export function grantObject(callee: string): string {
  if (/forward|filter|redirect|inboxrule|messagerule/i.test(callee)) return "the user's mail (a forwarding rule: every message from now on)";
  if (/sendAs|recipientpermission/i.test(callee)) return "the user's mail identity (an alias that sends as the user)";
  if (/delegat|mailbox/i.test(callee)) return "the user's mailbox (a delegate reads and sends as the user)";
  if (/acl|calendar/i.test(callee)) return "the user's calendar (shared from now on)";
  return "the user's files (shared with an outside account from now on)";
}

/**
 * The two actions a standing grant is, in every reader: the user's data it opens (a read producing `name`, a fresh
 * name of the reader's list) and that data sent to the grantee's domain.
 */
export function grantActions(name: string, addr: string, what: string, via: string): [NewAction, NewAction] {
  return [
    { kind: 'read', entry: 'read.personal.grant', object: grantObject(what), via, produces: [name] },
    { kind: 'send', entry: 'send.account-grant', via, host: addressHost(addr), object: addr, channel: 'body', consumes: [name] },
  ];
}

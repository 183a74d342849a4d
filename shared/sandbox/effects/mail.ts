/**
 * Mail addresses in code and prose: a fixed address the skill writes out, told from a placeholder. What an
 * assistant's tools do with the user's mail, files and calendar is read by the code readers through the
 * catalogue (catalogue/apis.ts: `send-mail`, `grant`, `read.personal.*`); this module holds what they share.
 */

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
  for (const m of text.matchAll(re)) if (!isPlaceholderAddress(m[0]) && !/\.(?:png|jpe?g|gif|svg|webp)$/i.test(m[0])) return m[0];
  return null;
}

/** The domain of an address: whoever runs it reads what is sent there. */
export function addressHost(addr: string): string {
  return addr.split('@')[1]!.toLowerCase();
}

/** What a standing grant gives away, by the API that makes it. */
export function grantObject(callee: string): string {
  if (/forward|filter/i.test(callee)) return "the user's mail (a forwarding rule: every message from now on)";
  if (/delegat/i.test(callee)) return "the user's mailbox (a delegate reads and sends as the user)";
  if (/acl|calendar/i.test(callee)) return "the user's calendar (shared from now on)";
  if (/sendAs/i.test(callee)) return "the user's mail identity (an alias that sends as the user)";
  return "the user's files (shared with an outside account from now on)";
}

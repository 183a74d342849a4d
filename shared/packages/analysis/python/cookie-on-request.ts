/**
 * A browser's cookie store read on the caller's request (pkgnpm11). Downloaders and scrapers offer to use
 * the user's own browser session (`cookies_from_browser="firefox"`): a function of the library reads the
 * browser's cookie database when its caller asks, and the cookies go with the caller's own requests.
 *
 * The rule: a read of a browser's *cookie* store (not its saved passwords, `Login Data` / `logins.json`, nor
 * the keys that decrypt them, `Local State` / `key4.db`) in a file that makes no network call itself, inside a
 * function that code run at install or import only takes by name and never calls, is a capability reported LOW.
 * The same read at install or import (module-level code, or a function it calls), next to a network call in
 * the same file, or handed on to a send to a fixed host (the flow readers' rules) keeps its severity.
 */

/** The evidence of a credential-store finding naming a browser cookie database. */
const COOKIE_STORE = /(?:^|[\\/'"])(?:cookies\.sqlite|Cookies)(?:$|['"\\/])|(?:Default|Profile \d+|Network)[\\/]Cookies\b/;
/** A browser's passwords or the keys that decrypt its stores: never a session the user lends. */
const PASSWORD_STORE = /Login Data|logins\.json|key[34]\.db|Local State/;

export function isCookieStoreRead(ruleId: string, evidence: string | undefined, message: string): boolean {
  if (ruleId !== 'credential_file_read') return false;
  const text = `${evidence ?? ''} ${message}`;
  return COOKIE_STORE.test(text) && !PASSWORD_STORE.test(text);
}

/**
 * Sign-In with Ethereum (EIP-4361) messages. The server builds the message, stores it with its
 * nonce, and on verify compares the exact stored text: nothing the client sends is parsed as truth.
 */
export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

export function buildSiweMessage(f: SiweFields): string {
  return (
    `${f.domain} wants you to sign in with your Ethereum account:\n${f.address}\n\n${f.statement}\n\n` +
    `URI: ${f.uri}\nVersion: 1\nChain ID: ${f.chainId}\nNonce: ${f.nonce}\nIssued At: ${f.issuedAt}\nExpiration Time: ${f.expirationTime}`
  );
}

export function parseSiweMessage(message: string): Partial<SiweFields> {
  const lines = message.split('\n');
  const out: Partial<SiweFields> = {};
  const head = /^(\S+) wants you to sign in with your Ethereum account:$/.exec(lines[0] ?? '');
  if (head) out.domain = head[1];
  out.address = lines[1];
  for (const l of lines) {
    const m = /^(URI|Chain ID|Nonce|Issued At|Expiration Time): (.*)$/.exec(l);
    if (!m) continue;
    if (m[1] === 'URI') out.uri = m[2];
    if (m[1] === 'Chain ID') out.chainId = Number(m[2]);
    if (m[1] === 'Nonce') out.nonce = m[2];
    if (m[1] === 'Issued At') out.issuedAt = m[2];
    if (m[1] === 'Expiration Time') out.expirationTime = m[2];
  }
  return out;
}

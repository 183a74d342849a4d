import { randomUUID } from 'node:crypto';
import { Developer, DeveloperToken } from '../db/models.js';
import { hashSecret, newSecret } from '../ids.js';

/** Developer tokens look like `cert_dev_<43 base64url chars>`; only their SHA-256 is stored. */
export const DEV_TOKEN_PREFIX = 'cert_dev_';

export async function createDeveloperToken(developerName: string): Promise<{ token: string; tokenId: string; developerId: string }> {
  const [dev] = await Developer.findOrCreate({ where: { name: developerName }, defaults: { id: randomUUID(), name: developerName } });
  const { secret: token, hash, display } = newSecret(DEV_TOKEN_PREFIX);
  const row = await DeveloperToken.create({ id: randomUUID(), developerId: dev.id, tokenHash: hash, prefix: display, revokedAt: null });
  return { token, tokenId: row.id, developerId: dev.id };
}

export async function revokeDeveloperToken(idOrToken: string): Promise<boolean> {
  const where = idOrToken.startsWith(DEV_TOKEN_PREFIX) ? { tokenHash: hashSecret(idOrToken) } : { id: idOrToken };
  const [n] = await DeveloperToken.update({ revokedAt: new Date() }, { where: { ...where, revokedAt: null } });
  return n > 0;
}

export async function developerForToken(token: string): Promise<Developer | null> {
  const row = await DeveloperToken.findOne({ where: { tokenHash: hashSecret(token) } });
  if (!row || row.revokedAt) return null;
  return Developer.findByPk(row.developerId);
}

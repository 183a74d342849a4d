/**
 * Tools that keep the user's signing keys or secrets in a storage the configuration names, and push them there
 * (docs/skill-effect-model.md, "Families added in 2026.11.30"). Kept as data: the setting that names the storage, in
 * the syntaxes it is written in (a Matchfile call, a CLI flag, an environment variable, a git remote of the store).
 * Where the storage is a code host, the vendor, the organisation's own or this machine, the tool is in ordinary use;
 * anywhere else the keys go to someone else's storage (the encryption passphrase is usually printed beside it).
 */
export interface KeyStorage {
  tool: string;
  /** What the tool pushes to the storage. */
  what: string;
  /** The setting; group 1 is the storage address. */
  setting: RegExp;
}

// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const KEY_STORAGES: readonly KeyStorage[] = [
  { tool: 'fastlane match', what: 'the code-signing certificates and private keys fastlane match stores',
    setting: /\bgit_url\s*\(?\s*["']([^"'\s]{4,300})["']|--git[_-]url[= ]\s*["']?([^"'\s]{4,300})|\bMATCH_GIT_URL\s*[:=]\s*["']?([^"'\s]{4,300})|\bgit_url\s*:\s*["']([^"'\s]{4,300})["']/ },
  { tool: 'fastlane match', what: 'the code-signing certificates and private keys fastlane match stores',
    setting: /\bs3_bucket\s*\(?\s*["']([^"'\s]{3,200})["'](?=[\s\S]{0,400}\bs3_region\b|[\s\S]{0,400}storage_mode\s*\(?\s*["']s3)|--s3[_-]bucket[= ]\s*["']?([^"'\s]{3,200})/ },
  { tool: 'pass', what: 'the password store (every password the user keeps in pass)',
    setting: /\b(?:pass|gopass)\s+git\s+remote\s+add\s+\S+\s+["']?([^"'\s]{4,300})/ },
];

/** The address of each key storage a block's text configures, with its offset. */
export function keyStoragesIn(text: string): { storage: KeyStorage; url: string; at: number }[] {
  const out: { storage: KeyStorage; url: string; at: number }[] = [];
  for (const s of KEY_STORAGES) {
    const m = s.setting.exec(text);
    if (!m) continue;
    const url = m.slice(1).find(Boolean);
    if (url) out.push({ storage: s, url, at: m.index });
  }
  return out;
}

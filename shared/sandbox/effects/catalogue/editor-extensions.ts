/**
 * Editor extension publishers (VS Code Marketplace and Open VSX ids are `publisher.name`), as data: the publishers
 * whose extensions nearly everyone installs. An id whose publisher is one of these with a word glued on
 * (`ms-python-tools`, `githubcopilot`) is not that publisher: the Marketplace verifies publishers, not names that
 * resemble them, so the look-alike's code is someone else's and runs with the editor's rights. See
 * docs/skill-effect-model.md (families added for skills-heldout-24).
 */
export const WELL_KNOWN_PUBLISHERS: ReadonlySet<string> = new Set([
  'ms-python', 'ms-vscode', 'ms-vscode-remote', 'ms-toolsai', 'ms-azuretools', 'ms-dotnettools', 'ms-kubernetes-tools',
  'ms-playwright', 'ms-mssql', 'ms-ossdata', 'ms-edgedevtools', 'ms-vsliveshare', 'vscjava', 'github', 'esbenp', 'dbaeumer',
  'redhat', 'golang', 'rust-lang', 'eamodio', 'hashicorp', 'googlecloudtools', 'amazonwebservices', 'anthropic', 'openai',
  'continue', 'vscodevim', 'streetsidesoftware', 'bradlc', 'prisma', 'svelte', 'vue', 'astro-build', 'denoland',
  'charliermarsh', 'docker', 'gitlab', 'mongodb', 'figma', 'sonarsource', 'editorconfig', 'mechatroner', 'yzhang',
]);

/** The well-known publisher an extension id imitates (its publisher is one of them with a word glued on), or null. */
export function imitatedPublisher(id: string): string | null {
  const publisher = /^([a-z0-9][\w-]{1,60})\.[\w.-]{1,80}$/i.exec(id)?.[1]?.toLowerCase();
  if (!publisher || WELL_KNOWN_PUBLISHERS.has(publisher)) return null;
  for (const p of WELL_KNOWN_PUBLISHERS) {
    if (p.length < 4) continue;
    // `ms-python-tools`, `ms-python2`, `githubcopilot`, `github-official`, `official-github`
    const rest = publisher.startsWith(p) ? publisher.slice(p.length) : publisher.endsWith(p) ? publisher.slice(0, -p.length) : null;
    if (rest !== null && /^[-_]?[a-z0-9]{1,12}[-_]?$/.test(rest)) return p;
  }
  return null;
}

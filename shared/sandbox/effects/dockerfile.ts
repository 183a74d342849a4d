/**
 * Dockerfile → the shell reader. `RUN` lines (and `ONBUILD RUN`, which runs in every image built FROM this one) run
 * through the image's shell at build time: a small line translator keeps one output line per input line (so every
 * action keeps its line): the instruction word goes, its command and continuation lines stay, the exec form
 * (`RUN ["sh", "-c", "…"]`) becomes its words, everything else is blank (an `ENV` value is the build's setting,
 * not a command: `$CC` stays a name the shell reader does not resolve).
 * See docs/skill-effect-model.md.
 */

export const DOCKER_LANGS: ReadonlySet<string> = new Set(['dockerfile', 'docker', 'containerfile']);

const INSTRUCTION = /^(\s*)(?:ONBUILD\s+)?([A-Za-z]+)(\s+|$)/;

export function dockerfileToShell(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let continued = false;
  let heredoc: string | null = null;
  for (const line of lines) {
    if (heredoc !== null) {
      out.push(line);
      if (line.trim() === heredoc) heredoc = null;
      continue;
    }
    if (continued) {
      out.push(line);
      continued = /\\\s*$/.test(line);
      continue;
    }
    const m = INSTRUCTION.exec(line);
    const op = m?.[2]?.toUpperCase();
    if (!m || line.trimStart().startsWith('#')) {
      out.push('');
      continue;
    }
    const rest = line.slice(m[0].length);
    if (op === 'RUN') {
      // (`RUN --mount=… --network=…` options belong to the builder, not the command)
      const cmd = rest.replace(/^(?:--[\w-]+=\S+\s+)*/, '');
      const exec = /^\[(.*)\]\s*$/.exec(cmd);
      let shell = cmd;
      if (exec) {
        try {
          const argv = JSON.parse(`[${exec[1]}]`) as unknown[];
          shell = argv.every((a) => typeof a === 'string') ? (argv as string[]).map((a, i) => (i === argv.length - 1 && /^-c$/.test(String(argv[i - 1])) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(' ') : '';
        } catch {
          shell = '';
        }
      }
      out.push(shell);
      continued = !exec && /\\\s*$/.test(line);
      const hd = /<<-?\s*["']?(\w+)["']?/.exec(cmd);
      if (hd && !exec) heredoc = hd[1]!;
    } else {
      out.push('');
      continued = false;
    }
  }
  return out.join('\n');
}

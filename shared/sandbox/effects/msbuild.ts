
import { matchAll } from '../match-all.js';/**
 * MSBuild project files (`Directory.Build.targets`, `.props`, `.csproj`): an `<Exec Command="…">` task runs its
 * command line on every build that reaches its target, with `$(Name)` replaced by the property of that name or,
 * when no property has it, the environment variable (MSBuild reads the environment as properties:
 * https://learn.microsoft.com/visualstudio/msbuild/how-to-use-environment-variables-in-a-build).
 */

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
/** A property function (`$([System.DateTime]::UtcNow.Ticks)`) computes a value at build time: a word, not a command. */
const functions = (s: string) => s.replace(/\$\(\[[^()]*(?:\([^()]*\)[^()]*)*\)/g, 'X');
const decode = (s: string) => s.replace(/&(quot|amp|lt|gt|apos);/g, (_, e: string) => ENTITIES[e]!);

/** The command lines of a project's Exec tasks, properties expanded, each with its offset in `xml`. */
export function msbuildCommands(xml: string): { text: string; at: number }[] {
  if (!/<Exec\b/.test(xml)) return [];
  const props = new Map<string, string>();
  for (const g of matchAll(xml, /<PropertyGroup\b[^>]*>([\s\S]{0,20000}?)<\/PropertyGroup>/g)) {
    for (const p of matchAll(g[1]!, /<([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([^<]{0,2000})<\/\1>/g)) props.set(p[1]!, functions(decode(p[2]!)));
  }
  const expand = (s: string, depth: number): string =>
    s.replace(/\$\(([A-Za-z_][\w.-]*)\)/g, (m, name: string) => {
      const v = props.get(name);
      if (v === undefined) return /^[A-Za-z_]\w*$/.test(name) ? `\${${name}}` : m;
      return depth < 4 ? expand(v, depth + 1) : v;
    });
  const out: { text: string; at: number }[] = [];
  for (const e of matchAll(xml, /<Exec\b[^>]*?\bCommand\s*=\s*"([^"]{1,4000})"/g)) {
    out.push({ text: expand(functions(decode(e[1]!)), 0).replace(/[@%]\(([\w.-]+)\)/g, '$1'), at: e.index! });
    if (out.length >= 50) break;
  }
  return out;
}


import { matchAll } from '../match-all.js';/**
 * Ansible playbooks → the shell reader. A play's tasks are commands and writes on every host it runs on: each task whose
 * module is in the table below becomes the shell command that does the same (`get_url` → `curl -o dest url`, `copy` with
 * `content` → a heredoc into `dest`, `lineinfile` → an append, `shell`/`command` → the command), with the play's `vars`
 * filled in (`{{ ca_bundle_url }}`). Modules not in the table are skipped. See docs/skill-effect-model.md.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);
const off = (v: unknown) => v === false || v === 'no' || v === 'false' || v === 'False';

/** A task module (without its collection prefix) and the shell text that does what it does. */
const MODULES: Record<string, (a: Obj) => string | null> = {
  get_url: (a) => (str(a.url) && str(a.dest) ? `curl ${off(a.validate_certs) ? '-k ' : ''}-fsSL -o ${q(str(a.dest)!)} ${q(str(a.url)!)}` : null),
  uri: (a) => (str(a.url) ? `curl ${off(a.validate_certs) ? '-k ' : ''}-X ${str(a.method) ?? 'GET'} ${a.body !== undefined ? `-d ${q(typeof a.body === 'string' ? a.body : JSON.stringify(a.body))} ` : ''}${q(str(a.url)!)}` : null),
  copy: (a) => (str(a.dest) ? (str(a.content) !== null ? `cat > ${q(str(a.dest)!)} <<'ANSIBLE_EOF'\n${str(a.content)}\nANSIBLE_EOF` : str(a.src) ? `cp ${q(str(a.src)!)} ${q(str(a.dest)!)}` : null) : null),
  template: (a) => (str(a.src) && str(a.dest) ? `cp ${q(str(a.src)!)} ${q(str(a.dest)!)}` : null),
  lineinfile: (a) => (str(a.path ?? a.dest) && str(a.line) ? `echo ${q(str(a.line)!)} >> ${q(str(a.path ?? a.dest)!)}` : null),
  blockinfile: (a) => (str(a.path ?? a.dest) && str(a.block) ? `cat >> ${q(str(a.path ?? a.dest)!)} <<'ANSIBLE_EOF'\n${str(a.block)}\nANSIBLE_EOF` : null),
  shell: (a) => str(a.cmd) ?? str(a._raw),
  command: (a) => str(a.cmd) ?? str(a._raw) ?? (Array.isArray(a.argv) ? a.argv.map((x) => q(String(x))).join(' ') : null),
  raw: (a) => str(a._raw),
  script: (a) => str(a.cmd) ?? str(a._raw),
};

/** `{{ name }}` from the play's vars (and `{{ item.k }}` left as a word); anything else a placeholder word. */
function fill(text: string, vars: Obj): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => str(vars[name]) ?? 'x');
}

function taskText(task: Obj, vars: Obj): string | null {
  for (const [key, raw] of Object.entries(task)) {
    const name = key.replace(/^(?:ansible\.(?:builtin|posix|windows)|community\.\w+)\./, '');
    const mod = MODULES[name];
    if (!mod) continue;
    const args: Obj = isObj(raw) ? { ...raw } : typeof raw === 'string' ? { _raw: raw } : {};
    if (typeof raw === 'string' && !/^(?:shell|command|raw|script)$/.test(name)) {
      // the free form `get_url: url=… dest=…`
      for (const m of matchAll(raw, /(\w+)=("[^"]*"|'[^']*'|\S+)/g)) args[m[1]!] = m[2]!.replace(/^["']|["']$/g, '');
    }
    const text = mod(args);
    return text ? fill(text, vars) : null;
  }
  return null;
}

/** The shell text of a playbook (plays with tasks, or a list of tasks), or null when the value is not one. */
export function ansibleToShell(doc: unknown): string | null {
  if (!Array.isArray(doc)) return null;
  const out: string[] = [];
  const walk = (tasks: unknown, vars: Obj, depth: number) => {
    if (!Array.isArray(tasks) || depth > 4) return;
    for (const t of tasks.slice(0, 300)) {
      if (!isObj(t)) continue;
      if (Array.isArray(t.block)) {
        walk(t.block, vars, depth + 1);
        walk(t.rescue, vars, depth + 1);
        walk(t.always, vars, depth + 1);
        continue;
      }
      const text = taskText(t, { ...vars, ...(isObj(t.vars) ? t.vars : {}) });
      if (text) out.push(text);
    }
  };
  for (const item of doc.slice(0, 50)) {
    if (!isObj(item)) continue;
    if ('hosts' in item || 'tasks' in item || 'roles' in item) {
      const vars = isObj(item.vars) ? item.vars : {};
      for (const k of ['pre_tasks', 'tasks', 'post_tasks', 'handlers']) walk(item[k], vars, 0);
    } else if (typeof item.name === 'string' || Object.keys(item).some((k) => /^(?:ansible\.builtin\.)?(?:get_url|copy|shell|command|lineinfile)$/.test(k))) walk([item], {}, 0);
  }
  return out.length ? out.join('\n') : null;
}

/**
 * Commands that run a command somewhere else — another machine (`ssh host 'cmd'`), a container (`docker exec`,
 * `kubectl exec … -- cmd`), a VM (`gcloud compute ssh --command`, `az vm run-command --scripts`), another account
 * (`su -c`) or a fleet (`ansible -a`, `pdsh`). What they run is read as shell like any other command: a download run
 * there, a key appended to a server's authorized_keys or a secret read and sent from there is the same effect
 * (docs/skill-effect-model.md, "Commands run elsewhere"). Data, read by `shell/elsewhere.ts`.
 */

export interface Runner {
  /** The words that must follow the command name, in order, for the rest to be a command (`exec`, `compose exec`). */
  sub?: readonly (readonly string[])[];
  /** Options whose value is the command, as one shell string (`--command`, `-c`, `--scripts`, `-a`). */
  commandFlags?: readonly string[];
  /** The command is every word after `--`. */
  afterDashDash?: boolean;
  /** Operands before the command words (host, container, image, service); -1: no command words, only flags/`--`. */
  targets: number;
  /** Options that take a separate value (so it is not read as a target or the command). */
  valued?: readonly string[];
  /** The command words are one string a shell on the other side reads (ssh joins them with spaces) rather than argv. */
  joined?: boolean;
  /** Holds when the options say the flag's value is a command (`ansible -m shell -a …`, not `-m copy -a src=…`). */
  when?: (args: readonly string[]) => boolean;
}

const SSH_VALUED = ['-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w', '-B'];
const DOCKER_RUN_VALUED = [
  '-a', '--attach', '-c', '--cpu-shares', '--cidfile', '--cpus', '--cpuset-cpus', '--device', '--dns', '--entrypoint', '-e', '--env', '--env-file',
  '--expose', '--gpus', '--group-add', '-h', '--hostname', '--ip', '--label', '-l', '--log-driver', '--log-opt', '-m', '--memory', '--mount', '--name',
  '--network', '--net', '--platform', '-p', '--publish', '--pull', '--restart', '--runtime', '--security-opt', '--shm-size', '--stop-signal', '--tmpfs',
  '-u', '--user', '--ulimit', '-v', '--volume', '--volumes-from', '-w', '--workdir', '--add-host', '--cap-add', '--cap-drop', '--pid', '--ipc', '--uts',
  '--userns', '--health-cmd', '--link', '--detach-keys', '--memory-swap', '--init-path', '--cgroupns', '--annotation',
];
const DOCKER_EXEC_VALUED = ['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '--index'];
const COMPOSE_VALUED = ['-e', '--env', '-u', '--user', '-w', '--workdir', '--index', '-p', '--publish', '-v', '--volume', '--name', '--entrypoint', '-l', '--label'];
const CONTAINER_SUBS: readonly (readonly string[])[] = [['exec'], ['run'], ['container', 'exec'], ['container', 'run'], ['compose', 'exec'], ['compose', 'run']];
const container: Runner = { sub: CONTAINER_SUBS, targets: 1, valued: [...new Set([...DOCKER_RUN_VALUED, ...DOCKER_EXEC_VALUED, ...COMPOSE_VALUED])] };
const kube: Runner = { sub: [['exec'], ['debug'], ['run']], afterDashDash: true, targets: -1 };
const su: Runner = { commandFlags: ['-c', '--command', '--session-command'], targets: -1 };
/** Ansible modules whose `-a` is a command line. */
const ANSIBLE_COMMAND_MODULES = /^(?:(?:ansible\.builtin\.|ansible\.legacy\.)?(?:shell|command|raw|script))$/;

export const RUNNERS: Readonly<Record<string, Runner>> = {
  ssh: { targets: 1, valued: SSH_VALUED, joined: true },
  autossh: { targets: 1, valued: [...SSH_VALUED, '-M'], joined: true },
  sshpass: { targets: 0, valued: ['-p', '-f', '-d', '-P'] },
  pdsh: { targets: 0, valued: ['-w', '-x', '-R', '-l', '-f', '-g', '-t', '-u'], joined: true },
  pssh: { targets: 0, valued: ['-h', '-H', '-l', '-p', '-o', '-e', '-t', '-O', '-x', '-X'], joined: true },
  'parallel-ssh': { targets: 0, valued: ['-h', '-H', '-l', '-p', '-o', '-e', '-t', '-O', '-x', '-X'], joined: true },
  clush: { targets: 0, valued: ['-w', '-x', '-g', '-X', '-f', '-l', '-o', '-t', '-u'], joined: true },
  docker: container,
  podman: container,
  nerdctl: container,
  kubectl: kube,
  oc: kube,
  lxc: { sub: [['exec']], afterDashDash: true, targets: -1 },
  incus: { sub: [['exec']], afterDashDash: true, targets: -1 },
  multipass: { sub: [['exec']], afterDashDash: true, targets: -1 },
  distrobox: { sub: [['enter']], afterDashDash: true, targets: -1 },
  gcloud: { sub: [['compute', 'ssh'], ['alpha', 'compute', 'ssh'], ['beta', 'compute', 'ssh'], ['compute', 'tpus', 'tpu-vm', 'ssh']], commandFlags: ['--command'], afterDashDash: true, targets: -1 },
  vagrant: { sub: [['ssh']], commandFlags: ['-c', '--command'], afterDashDash: true, targets: -1 },
  az: { sub: [['vm', 'run-command', 'invoke'], ['vm', 'run-command', 'create'], ['vmss', 'run-command', 'invoke']], commandFlags: ['--scripts', '--script'], targets: -1 },
  ansible: { commandFlags: ['-a', '--args'], targets: -1, when: (args) => {
    const m = args.findIndex((a) => a === '-m' || a === '--module-name');
    return m < 0 || ANSIBLE_COMMAND_MODULES.test(args[m + 1] ?? '');
  } },
  su,
  runuser: { ...su, afterDashDash: true },
  wsl: { commandFlags: [], afterDashDash: true, targets: -1 },
  chroot: { targets: 1, valued: ['--userspec', '--groups'] },
  nsenter: { targets: 0, valued: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '-w'] },
  'flatpak-spawn': { targets: 0, valued: ['--env', '--directory', '--forward-fd'] },
  toolbox: { sub: [['run']], targets: 0, valued: ['-c', '--container', '-d', '--distro', '-r', '--release'] },
  'systemd-run': { targets: 0, valued: ['-p', '--property', '-u', '--unit', '--description', '--slice', '-E', '--setenv', '--on-active', '--on-boot', '--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar', '--timer-property', '-M', '--machine', '--uid', '--gid', '--nice', '--working-directory', '-H', '--host'] },
};

/** `wsl -e cmd …` / `wsl --exec cmd …` run the words after the flag. */
export const WSL_EXEC = /^(?:-e|--exec)$/;

/**
 * Programs that download and run what an address serves, given the address as an argument: Windows' HTML-application
 * host, installer service and COM registration (`mshta https://…`, `msiexec /i https://…`, `regsvr32 /i:https://… scrobj.dll`),
 * and `Start-Process`/`start` of a remote executable. The pattern picks the address out of one argument.
 */
export const URL_RUNNERS: Readonly<Record<string, RegExp>> = {
  mshta: /^(?:vbscript:|javascript:)?.*?(https?:\/\/\S+)$/i,
  'mshta.exe': /^(?:vbscript:|javascript:)?.*?(https?:\/\/\S+)$/i,
  msiexec: /^(https?:\/\/\S+)$/i,
  'msiexec.exe': /^(https?:\/\/\S+)$/i,
  regsvr32: /^[/-]i:(https?:\/\/\S+)$/i,
  'regsvr32.exe': /^[/-]i:(https?:\/\/\S+)$/i,
  rundll32: /(https?:\/\/\S+)/i,
  'rundll32.exe': /(https?:\/\/\S+)/i,
  'start-process': /^(https?:\/\/\S+\.(?:exe|msi|bat|cmd|ps1|hta|scr|vbs|js))$/i,
};

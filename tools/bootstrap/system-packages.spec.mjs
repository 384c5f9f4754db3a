// @ts-check
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS, installDecision, javaMajor, javaSuffices, planSystemPackages } from './system-packages.mjs';

/** @param {string[]} missing */
const machineWithout = (...missing) => (/** @type {string} */ name) => !missing.includes(name);
const root = { root: true, sudo: false, aptGet: true, optOut: false };
const user = { root: false, sudo: false, aptGet: true, optOut: false };

describe('planSystemPackages', () => {
  it('plans Chromium and python3-venv for npm test on a machine without them, and nothing else', () => {
    const plan = planSystemPackages('test', machineWithout('chromium', 'python3-venv'));
    expect(plan.installable.map((r) => r.packages)).toEqual([['chromium'], ['python3', 'python3-venv']]);
    expect(plan.manual).toEqual([]);
  });

  it('plans no browser for npm start: only what the running stack needs (Python converts the masked language model)', () => {
    const plan = planSystemPackages('start', machineWithout('chromium', 'python3-venv', 'java'));
    expect(plan.installable.map((r) => r.name)).toEqual(['java', 'python3-venv']);
  });

  it('plans wrk for npm run bench only: npm start and npm test never install it', () => {
    const missingWrk = machineWithout('wrk');
    expect(planSystemPackages('bench', missingWrk).installable.map((r) => r.packages)).toEqual([['wrk']]);
    expect(planSystemPackages('start', missingWrk).installable).toEqual([]);
    expect(planSystemPackages('test', missingWrk).installable).toEqual([]);
  });

  it('plans nothing when everything is present', () => {
    expect(planSystemPackages('test', () => true)).toEqual({ installable: [], manual: [] });
  });

  it('needs no system PostgreSQL or Maven (they come from npm and Maven Central)', () => {
    const names = REQUIREMENTS.flatMap((r) => [r.name, ...r.packages]);
    expect(names.filter((n) => /postgres|maven/.test(n))).toEqual([]);
  });
});

describe('installDecision', () => {
  it('as root installs the missing packages with apt-get, non-interactively, in one command', () => {
    const decision = installDecision(planSystemPackages('test', machineWithout('chromium', 'python3-venv')), root);
    expect(decision).toEqual({
      kind: 'install',
      argv: ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium', 'python3', 'python3-venv'],
      line:
        "installing chromium (the browser end-to-end tests drive Debian Chromium); python3 python3-venv (the masked language model is converted, and the operations checks (kubernetes-validate, checkov, hadolint) run, in Python virtualenvs) with apt-get",
    });
  });

  it('with passwordless sudo installs through sudo -n', () => {
    const decision = installDecision(planSystemPackages('test', machineWithout('chromium')), { ...user, sudo: true });
    expect(decision.kind === 'install' && decision.argv.slice(0, 3)).toEqual(['sudo', '-n', 'env']);
  });

  it('not root and no sudo: stops with the exact command to run', () => {
    const decision = installDecision(planSystemPackages('test', machineWithout('chromium', 'java')), user);
    expect(decision).toEqual({
      kind: 'refuse',
      message:
        'Fluent needs system packages this machine lacks: default-jre-headless (Keycloak and LanguageTool run on a Java 17+ runtime); chromium (the browser end-to-end tests drive Debian Chromium).\n' +
        'They were not installed (this user is not root and has no passwordless sudo). Run this, then the command again:\n' +
        '  sudo apt-get install -y default-jre-headless chromium',
    });
  });

  it('FLUENT_NO_SYSTEM_INSTALL: says what to install even as root, and installs nothing', () => {
    const decision = installDecision(planSystemPackages('test', machineWithout('chromium')), { ...root, optOut: true });
    expect(decision.kind).toBe('refuse');
    expect(decision.kind === 'refuse' && decision.message).toContain('FLUENT_NO_SYSTEM_INSTALL is set');
    expect(decision.kind === 'refuse' && decision.message.endsWith('\n  apt-get install -y chromium')).toBe(true);
  });

  it('Go missing: stops (no Debian package is recent enough) and says how to get it, and what else to install', () => {
    const decision = installDecision(planSystemPackages('start', machineWithout('go', 'java')), root);
    expect(decision.kind).toBe('refuse');
    const message = decision.kind === 'refuse' ? decision.message : '';
    expect(message).toContain('go (nats-server, FerretDB, stripe-mock and helm are built from the Go module proxy): install Go 1.24 or newer');
    expect(message).toContain('Then: apt-get install -y default-jre-headless');
  });

  it('no apt-get: names the packages for another package manager', () => {
    const decision = installDecision(planSystemPackages('test', machineWithout('chromium')), { ...root, aptGet: false });
    expect(decision).toEqual({
      kind: 'refuse',
      message: 'Fluent needs system packages this machine lacks: chromium (the browser end-to-end tests drive Debian Chromium). Install them with your package manager and run the command again.',
    });
  });

  it('nothing missing: nothing to do', () => {
    expect(installDecision({ installable: [], manual: [] }, user)).toEqual({ kind: 'nothing' });
  });
});

describe('javaMajor', () => {
  it('reads the major version of current and old version lines', () => {
    expect(javaMajor('openjdk version "17.0.13" 2024-10-15')).toBe(17);
    expect(javaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajor('java version "1.8.0_402"')).toBe(8);
    expect(javaMajor('')).toBe(0);
  });
});

describe('javaSuffices', () => {
  it('reads the version where `java -version` writes it, on stderr', () => {
    expect(javaSuffices({ stdout: '', stderr: 'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment' })).toBe(true);
  });

  it('refuses a runtime older than 17, and no output at all', () => {
    expect(javaSuffices({ stdout: '', stderr: 'openjdk version "11.0.2" 2019-01-15' })).toBe(false);
    expect(javaSuffices({ stdout: null, stderr: null })).toBe(false);
  });
});

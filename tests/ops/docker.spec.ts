import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, venvTool } from './support/chart';

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions (continuation lines joined, comments dropped), with the stage each belongs to. */
function instructions(file: string): Instruction[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/\\\n/g, ' ');
  let stage = -1;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      if (keyword!.toUpperCase() === 'FROM') stage += 1;
      return { stage, keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

const APPS = readdirSync(join(ROOT, 'apps')).filter((name) => name !== 'web');
const WORKSPACES = ['apps', 'libs'].flatMap((group) => readdirSync(join(ROOT, group)).map((name) => `${group}/${name}`));
const DOCKERFILES = ['docker/Dockerfile', 'docker/keycloak.Dockerfile'];

describe('docker/Dockerfile', () => {
  const steps = instructions('docker/Dockerfile');

  it.each(APPS)('copies only sources that exist, for APP=%s', (app) => {
    const sources = steps
      .filter((s) => s.keyword === 'COPY' && !s.args.includes('--from='))
      .flatMap((s) => s.args.split(/\s+/).filter((a) => !a.startsWith('--')).slice(0, -1))
      .map((source) => source.replace(/\$\{APP\}/g, app));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
  });

  it('copies every workspace manifest before npm ci (npm ci needs all of them)', () => {
    const copied = steps.filter((s) => s.keyword === 'COPY').map((s) => s.args.split(/\s+/)[0]);
    for (const workspace of WORKSPACES) expect(copied, workspace).toContain(`${workspace}/package.json`);
  });

  it.each(APPS)('builds APP=%s with a real Nx target of that app', (app) => {
    const build = steps.find((s) => s.keyword === 'RUN' && s.args.includes('nx run'))!;
    const target = /nx run "@fluent\/\$\{APP\}:(\w+)"/.exec(build.args)?.[1];
    expect(target).toBe('build');
    const manifest = JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(`@fluent/${app}`);
    expect(manifest.scripts?.[target!], `${app} has a ${target} script (its Nx target)`).toBeTruthy();
    // The gateway's image serves the web app: its build is a real target too.
    if (app === 'gateway') expect(JSON.parse(readFileSync(join(ROOT, 'apps', 'web', 'package.json'), 'utf8')).scripts.build).toBeTruthy();
  });

  it('installs production dependencies only, with a cache mount, in the image it ships', () => {
    const installs = steps.filter((s) => s.keyword === 'RUN' && s.args.includes('npm ci'));
    expect(installs.every((s) => s.args.includes('--mount=type=cache,target=/root/.npm'))).toBe(true);
    const finalStage = Math.max(...steps.map((s) => s.stage));
    const nodeModules = steps.find((s) => s.stage === finalStage && s.keyword === 'COPY' && s.args.includes('node_modules'))!;
    const from = /--from=(\S+)/.exec(nodeModules.args)![1];
    const stageIndex = steps.filter((s) => s.keyword === 'FROM').findIndex((s) => s.args.endsWith(`AS ${from}`));
    const stageInstall = steps.find((s) => s.stage === stageIndex && s.args.includes('npm ci'))!;
    expect(stageInstall.args).toContain('--omit=dev');
  });
});

describe.each(DOCKERFILES)('%s', (file) => {
  const steps = instructions(file);
  const finalStage = Math.max(...steps.map((s) => s.stage));

  it('runs as a user that is not root, with a HEALTHCHECK', () => {
    const users = steps.filter((s) => s.stage === finalStage && s.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/);
    expect(steps.some((s) => s.stage === finalStage && s.keyword === 'HEALTHCHECK')).toBe(true);
  });

  it('passes hadolint', () => {
    const run = venvTool('hadolint', [join(ROOT, file)]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});

describe('docker/compose.yaml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker', 'compose.yaml'), 'utf8'));
  const services = compose.services as Record<string, any>;

  it('builds every app from docker/Dockerfile and runs the JetStream setup step', () => {
    for (const app of APPS) {
      expect(services[app]?.build, app).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    }
    expect(services['setup-events'].command).toEqual(['node', 'libs/server-kit/dist/setup-events.js']);
  });

  it("uses npm start's ports, a replica set of one, the realm file and the generated NATS configuration", () => {
    expect(services.gateway.ports).toEqual(['3000:3000']);
    expect(services.mongodb.command).toContain('--replSet');
    expect(services.keycloak.volumes[0]).toMatch(/^\.\.\/deploy\/keycloak\/realm\.json:/);
    expect(services.nats.volumes[0]).toMatch(/^\.\/nats-server\.conf:/);
    for (const volume of [services.keycloak.volumes[0], services.nats.volumes[0]]) {
      expect(existsSync(join(ROOT, 'docker', volume.split(':')[0]))).toBe(true);
    }
  });

  it('gives each app its own NATS user, one the NATS configuration has', () => {
    const config = readFileSync(join(ROOT, 'docker', 'nats-server.conf'), 'utf8');
    for (const app of APPS) {
      expect(services[app].environment.NATS_USER, app).toBe(app);
      expect(config).toContain(`user: "${app}"`);
    }
  });
});

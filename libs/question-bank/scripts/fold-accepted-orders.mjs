// @ts-check
/**
 * Folds the jumbled orders operators accepted (catalog-service's `jumbledOrderDecisions`, the
 * overlay beside the bank) into the bank's data files, as alternatives, for the next release
 * (docs/development.md#learners-correct-the-bank).
 *
 *   npm run bank:fold-orders                  writes the changed files
 *   npm run bank:fold-orders -- --dry-run     prints what it would write, writes nothing
 *   npm run bank:fold-orders -- --check       the same, and exits 1 when anything is left to fold
 *   npm run bank:fold-orders -- --from accepted.json   reads the orders from a file (an export:
 *                                             [{ "itemId", "order", "sentence" }]) instead of MongoDB
 *
 * MongoDB: MONGODB_URI (default: the dev profile's, port FLUENT_PORT_MONGO).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { foldAcceptedOrders, bankFileText } = require('../dist/accepted-orders/fold.js');

const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'data', 'tests');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dryRun = check || args.includes('--dry-run');
const fromAt = args.indexOf('--from');

/** @returns {Promise<{ itemId: number, order: string, sentence: string }[]>} */
async function acceptedOrders() {
  if (fromAt >= 0) return JSON.parse(readFileSync(args[fromAt + 1] ?? '', 'utf8'));
  const { MongoClient } = await import('mongodb');
  const uri = process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${process.env.FLUENT_PORT_MONGO ?? '27017'}/fluent`;
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const rows = await client.db().collection('jumbledOrderDecisions').find({ decision: 'accept' }, { projection: { _id: 0, itemId: 1, order: 1, sentence: 1 } }).toArray();
    return /** @type {any} */ (rows);
  } finally {
    await client.close();
  }
}

const files = readdirSync(DATA_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, json: JSON.parse(readFileSync(join(DATA_DIR, name), 'utf8')) }));
const result = foldAcceptedOrders(files, await acceptedOrders());
for (const f of result.folded) console.log(`${dryRun ? 'would fold' : 'folded'} ${f.file} jumbled ${f.itemId}: ${f.sentence}`);
for (const u of result.unknown) console.warn(`no jumbled item ${u.itemId} in the bank: "${u.sentence}" left out`);
console.log(`${result.folded.length} to fold, ${result.listed.length} listed already, ${result.unknown.length} of unknown items`);
if (!dryRun) for (const file of result.changed) writeFileSync(join(DATA_DIR, file.name), bankFileText(file.json));
if (check && result.folded.length > 0) process.exit(1);

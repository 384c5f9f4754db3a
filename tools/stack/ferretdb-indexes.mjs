// @ts-check
/*
 * Indexes that FerretDB v1 really uses. It creates the indexes the mongoose schemas declare as
 * btree indexes, but pushes an equality filter down as `_jsonb->'field' @> '<value>'` (dotted
 * paths: `_jsonb#>'{a,b}' @> …`), which a btree index cannot serve, so every query scanned the
 * whole table. For each field of each declared index (and `_id`) this adds the GIN expression
 * index that matches that SQL. The indexes the services declare stay the source of truth (they
 * are what MongoDB uses in production); this only translates them for the local backend.
 *
 * The SQL shape is FerretDB's (internal/backends/postgresql/query.go, prepareWhereClause), so the
 * step is pinned to the version it was checked against.
 */
import { createHash } from 'node:crypto';
import { VERSIONS } from './versions.mjs';
import { postgresUrl } from './postgres.mjs';

/** The FerretDB release whose pushed-down SQL these indexes match. */
export const MATCHED_FERRETDB = 'v1.24.2';

/** FerretDB's per-schema table mapping collections to tables and their declared indexes. */
const METADATA_TABLE = '_ferretdb_database_metadata';

/**
 * @typedef {{ schema: string, collection: string, table: string, fields: string[] }} CollectionIndexes
 * @typedef {{ name: string, sql: string }} IndexStatement
 */

/** @param {string} name */
const ident = (name) => `"${name.replace(/"/g, '""')}"`;
/** @param {string} value */
const literal = (value) => `'${value.replace(/'/g, "''")}'`;

/**
 * The expression FerretDB filters on for a field: `_jsonb->'uid'`, or `_jsonb#>'{a,b}'` for a
 * dotted path.
 * @param {string} field
 */
export function fieldExpression(field) {
  const parts = field.split('.');
  if (parts.length === 1) return `_jsonb->${literal(field)}`;
  return `_jsonb#>${literal(`{${parts.map((p) => `"${p.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`)}`;
}

/**
 * The fields of a collection worth a lookup index: `_id` and every field named by a declared
 * index, each once.
 * @param {{ key?: Record<string, unknown> }[]} indexes FerretDB's metadata `indexes` array
 */
export function indexedFields(indexes) {
  const fields = new Set(['_id']);
  for (const index of indexes) {
    for (const field of Object.keys(index.key ?? {})) {
      // `$s` is FerretDB's own type annotation inside the stored document, not a field.
      if (field !== '$s') fields.add(field);
    }
  }
  return [...fields];
}

/**
 * One CREATE INDEX per field, named after table and field (a hash keeps names within
 * PostgreSQL's 63 characters and distinct).
 * @param {CollectionIndexes} collection
 * @returns {IndexStatement[]}
 */
export function lookupIndexStatements(collection) {
  return collection.fields.map((field) => {
    const hash = createHash('sha256').update(`${collection.table}\0${field}`).digest('hex').slice(0, 10);
    const name = `${collection.table.slice(0, 30)}_gin_${field.replace(/[^a-zA-Z0-9]/g, '_').slice(0, 16)}_${hash}`.toLowerCase();
    const sql =
      `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(collection.schema)}.${ident(collection.table)} ` +
      `USING gin ((${fieldExpression(field)}) jsonb_path_ops)`;
    return { name, sql };
  });
}

/**
 * Reads FerretDB's metadata in every schema (one per MongoDB database).
 * @param {import('pg').Client} client
 * @returns {Promise<CollectionIndexes[]>}
 */
export async function readCollections(client) {
  const schemas = await client.query('SELECT table_schema FROM information_schema.tables WHERE table_name = $1', [METADATA_TABLE]);
  /** @type {CollectionIndexes[]} */
  const collections = [];
  for (const { table_schema: schema } of schemas.rows) {
    const rows = await client.query(`SELECT _jsonb FROM ${ident(schema)}.${ident(METADATA_TABLE)}`);
    for (const { _jsonb: meta } of rows.rows) {
      if (typeof meta?.table !== 'string' || typeof meta?._id !== 'string') continue;
      collections.push({ schema, collection: meta._id, table: meta.table, fields: indexedFields(Array.isArray(meta.indexes) ? meta.indexes : []) });
    }
  }
  return collections;
}

/**
 * Adds the missing lookup indexes of every collection FerretDB knows; returns the names created
 * (an index that exists is left alone, so this runs at every start).
 * @param {import('./profiles.mjs').Profile} profile
 * @returns {Promise<string[]>}
 */
export async function ensureLookupIndexes(profile) {
  if (VERSIONS.ferretdb !== MATCHED_FERRETDB) {
    throw new Error(
      `tools/stack/ferretdb-indexes.mjs matches the SQL of FerretDB ${MATCHED_FERRETDB}, but the stack pins ${VERSIONS.ferretdb}: check the new version's pushed-down filters and update MATCHED_FERRETDB.`,
    );
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl(profile), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const existing = new Set((await client.query('SELECT indexname FROM pg_indexes')).rows.map((r) => r.indexname));
    /** @type {string[]} */
    const created = [];
    for (const collection of await readCollections(client)) {
      const missing = lookupIndexStatements(collection).filter((s) => !existing.has(s.name));
      for (const statement of missing) {
        await client.query(statement.sql);
        created.push(statement.name);
      }
      if (missing.length > 0) await client.query(`ANALYZE ${ident(collection.schema)}.${ident(collection.table)}`);
    }
    return created;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// @ts-check
import { describe, expect, it } from 'vitest';
import { fieldExpression, indexedFields, lookupIndexStatements, MATCHED_FERRETDB } from './ferretdb-indexes.mjs';
import { VERSIONS } from './versions.mjs';

describe('lookup indexes for FerretDB on PostgreSQL', () => {
  it('indexes _id and every field a declared index names, once each, and not FerretDB’s own $s annotation', () => {
    const declared = [{ key: { _id: 1 } }, { key: { uid: 1, testId: 1, slot: 1 } }, { key: { uid: 1, submittedAt: -1 } }, { key: { $s: {}, slug: 1 } }];
    expect(indexedFields(declared)).toEqual(['_id', 'uid', 'testId', 'slot', 'submittedAt', 'slug']);
    expect(indexedFields([])).toEqual(['_id']);
  });

  it('matches the expressions FerretDB filters on: -> for a field, #> with a path for a dotted one', () => {
    expect(fieldExpression('uid')).toBe("_jsonb->'uid'");
    expect(fieldExpression('score.total')).toBe(`_jsonb#>'{"score","total"}'`);
    expect(fieldExpression("it's")).toBe("_jsonb->'it''s'");
  });

  it('writes one idempotent GIN (jsonb_path_ops) index per field, with distinct names PostgreSQL keeps whole', () => {
    const statements = lookupIndexStatements({
      schema: 'fluent',
      collection: 'attempts',
      table: 'attempts_ee14f567_with_a_rather_long_table_name',
      fields: ['_id', 'uid', 'a_very_long_field_name_that_goes_on', 'a_very_long_field_name_that_goes_on_and_on'],
    });
    expect(statements).toHaveLength(4);
    expect(new Set(statements.map((s) => s.name)).size).toBe(4);
    for (const { name, sql } of statements) {
      expect(name.length).toBeLessThanOrEqual(63);
      expect(sql).toMatch(/^CREATE INDEX IF NOT EXISTS "[^"]+" ON "fluent"\."attempts_ee14f567_with_a_rather_long_table_name" USING gin \(\(_jsonb->'[^']+'\) jsonb_path_ops\)$/);
      expect(sql).toContain(`"${name}"`);
    }
    expect(statements[1]?.sql).toContain("(_jsonb->'uid')");
  });

  it('is pinned to the FerretDB version the stack runs', () => {
    expect(VERSIONS.ferretdb).toBe(MATCHED_FERRETDB);
  });
});

import { describe, expect, it } from 'vitest';
import { staleness, type AuditedItem } from './audit-file';
import { candidatesFor, type JumbledLike } from './candidates';
import { disagreements, finalDecisions, notCarriedOut, undecided, type Decision, type DecisionsFile } from './decisions';

const removal: JumbledLike = { id: 294, answer: 'The removal company lost one of our boxes.', jumbled: 'boxes/removal/one/the/lost/our/company/of' };
const audited = (item: JumbledLike): AuditedItem => ({ id: item.id, answer: item.answer, kept: candidatesFor(item), flagged: [] });
const decision = (sentence: string, d: Decision['decision'], rule = 'other-order'): Decision => ({ id: 294, sentence, decision: d, rule, reason: 'r', decidedBy: 'first' });
const file = (reviewer: string, decisions: Decision[]): DecisionsFile => ({ reviewer, decisions });

describe('staleness', () => {
  it('is empty when the audit holds exactly what the generators give', () => {
    expect(staleness({ items: [audited(removal)] }, [removal])).toEqual([]);
  });

  it('names an item the audit does not have (a new item that skipped the tool)', () => {
    expect(staleness({ items: [] }, [removal])).toEqual(['jumbled 294: not in the audit (run the tool)']);
  });

  it('names a changed key and every candidate that appeared or disappeared', () => {
    const changed = { ...removal, answer: 'The removal company lost one of the boxes.', jumbled: 'boxes/removal/one/the/lost/the/company/of' };
    const problems = staleness({ items: [audited(removal)] }, [changed]);
    expect(problems[0]).toContain('the audit has the key');
    expect(problems.some((p) => p.includes('in the audit, no longer generated'))).toBe(true);
  });
});

describe('decisions', () => {
  const items = [audited(removal)];
  const all = items[0]?.kept ?? [];

  it('lists each kept candidate without a decision', () => {
    const [first, ...rest] = all;
    const missing = undecided(items, file('first', rest.map((c) => decision(c.sentence, 'refuse'))));
    expect(missing).toEqual([`jumbled 294: "${first?.sentence}" (${first?.rules.join(' ')})`]);
  });

  it('finds an accepted order the item does not list, and a rewrite that left the order possible', () => {
    const order = 'Our removal company lost one of the boxes.';
    expect(notCarriedOut([removal], items, file('first', [decision(order, 'accept')]))).toEqual([`jumbled 294: "${order}" (accept): accepted but not listed in the item's alternatives`]);
    expect(notCarriedOut([{ ...removal, alternatives: [order] }], items, file('first', [decision(order, 'accept')]))).toEqual([]);
    expect(notCarriedOut([removal], items, file('first', [decision(order, 'rewrite')]))[0]).toContain('still possible');
  });

  it('reports a different decision or rule for the same order, and nothing when both agree', () => {
    const order = 'Our removal company lost one of the boxes.';
    const a = file('first', [decision(order, 'accept')]);
    expect(disagreements(a, file('second', [decision(order, 'accept')]))).toEqual([]);
    expect(disagreements(a, file('second', [decision(order, 'refuse', 'not-natural')]))).toHaveLength(1);
  });

  describe('finalDecisions', () => {
    const a = 'Our removal company lost one of the boxes.';
    const b = 'The removal company lost one of the boxes.';
    const by = (who: string, d: Decision): Decision => ({ ...d, decidedBy: who });

    it("takes the reviewers' decision where they agree, even with different rules", () => {
      const { decisions, unresolved } = finalDecisions(file('first', [decision(b, 'refuse', 'nonsense')]), file('second', [decision(b, 'refuse', 'not-natural')]));
      expect(unresolved).toEqual([]);
      expect(decisions.map((d) => [d.sentence, d.decision])).toEqual([[b, 'refuse']]);
    });

    it('names a disagreement on the decision that the lead has not resolved, and gives no final decision for it', () => {
      const { decisions, unresolved } = finalDecisions(file('first', [decision(a, 'refuse', 'not-natural'), decision(b, 'refuse')]), file('second', [decision(a, 'accept'), decision(b, 'refuse')]));
      expect(unresolved).toEqual([`jumbled 294: "${a}": first refuse, second accept: no lead resolution`]);
      expect(decisions.map((d) => d.sentence)).toEqual([b]);
    });

    it("takes the lead's resolution over both reviewers", () => {
      const lead = file('lead', [by('lead', decision(a, 'accept'))]);
      const { decisions, unresolved } = finalDecisions(file('first', [decision(a, 'refuse', 'not-natural')]), file('second', [decision(a, 'rewrite', 'meaning-changed')]), lead);
      expect(unresolved).toEqual([]);
      expect(decisions).toEqual([by('lead', decision(a, 'accept'))]);
    });

    it("takes the lead's decision on an order both reviewers agreed on: the lead's word is final", () => {
      const agreedRefusal = [file('first', [decision(a, 'refuse', 'not-natural')]), file('second', [decision(a, 'refuse', 'nonsense')])] as const;
      const { decisions, unresolved } = finalDecisions(...agreedRefusal, file('lead', [by('lead', decision(a, 'accept'))]));
      expect(unresolved).toEqual([]);
      expect(decisions).toEqual([by('lead', decision(a, 'accept'))]);
      const listed = [{ ...removal, alternatives: [a] }];
      expect(notCarriedOut(listed, items, file('final', decisions))).toEqual([]);
    });

    it('lets the bank pass once a resolved accept is listed, where the refusing reviewer alone would fail', () => {
      const first = file('first', [decision(a, 'refuse', 'not-natural')]);
      const { decisions } = finalDecisions(first, file('second', [decision(a, 'accept')]), file('lead', [by('lead', decision(a, 'accept'))]));
      const listed = [{ ...removal, alternatives: [a] }];
      expect(decisions.map((d) => `${d.decidedBy} ${d.decision}`)).toEqual(['lead accept']);
      expect(notCarriedOut(listed, items, file('final', decisions))).toEqual([]);
      expect(notCarriedOut(listed, items, first)).not.toEqual([]);
    });
  });
});

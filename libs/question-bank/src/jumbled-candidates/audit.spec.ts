import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { questionBank } from '../bank';
import { staleness, type CandidateAudit } from './audit-file';
import { notCarriedOut, undecided } from './decisions';
import { disagreementReport, reviewerFiles } from './reviewers';
import { AUDIT_FILE } from './run';

/**
 * The bank against its candidate audit (issue #42): the audit must be what the generators give
 * for today's bank (so a new or changed item cannot skip the tool), and every candidate the
 * grammar check kept must have a decision from every reviewer, carried out in the bank.
 */
const bank = questionBank().jumbled;
const audit = JSON.parse(readFileSync(AUDIT_FILE, 'utf8')) as CandidateAudit;
const reviewers = reviewerFiles();

describe('jumbled candidates audit', () => {
  it('is up to date with the bank (rerun npm run content:jumbled-candidates after changing an item)', { timeout: 180_000 }, () => {
    const problems = staleness(audit, bank);
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
  });

  it('has a first reviewer', () => {
    expect(reviewers.map((r) => r.reviewer)).toContain('first');
  });

  for (const file of reviewers) {
    it(`every kept candidate has a decision of the ${file.reviewer} reviewer`, () => {
      const missing = undecided(audit.items, file);
      expect(missing, `${missing.length} undecided:\n${missing.slice(0, 40).join('\n')}`).toEqual([]);
    });
  }

  it("the bank carries out the first reviewer's decisions (accepted orders listed, rewritten orders gone)", () => {
    const first = reviewers.find((r) => r.reviewer === 'first');
    const problems = first ? notCarriedOut(bank, audit.items, first) : ['no decisions.first.json'];
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
  });

  it('reports where reviewers disagree (npm run content:jumbled-disagreements; the lead resolves them)', () => {
    const report = disagreementReport(reviewers);
    if (report.length > 0) console.log(report.join('\n'));
    expect(report.filter((l) => !l.startsWith('  ')).length).toBe((reviewers.length * (reviewers.length - 1)) / 2);
  });
});

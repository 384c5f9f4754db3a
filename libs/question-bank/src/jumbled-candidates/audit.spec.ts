import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { questionBank } from '../bank';
import { staleness, type CandidateAudit } from './audit-file';
import { finalDecisions, notCarriedOut, undecided } from './decisions';
import { disagreementReport, leadResolutions, reviewerFiles } from './reviewers';
import { AUDIT_FILE } from './run';

/**
 * The bank against its candidate audit (issue #42): the audit must be what the generators give
 * for today's bank (so a new or changed item cannot skip the tool), and every candidate the
 * grammar check kept must have a decision from both independent reviewers; where they decide
 * differently the lead resolves it (decisions.lead.json), and the bank carries out the final decision.
 */
const bank = questionBank().jumbled;
const audit = JSON.parse(readFileSync(AUDIT_FILE, 'utf8')) as CandidateAudit;
const reviewers = reviewerFiles();
const lead = leadResolutions();
const first = reviewers.find((r) => r.reviewer === 'first');
const second = reviewers.find((r) => r.reviewer === 'second');

describe('jumbled candidates audit', () => {
  it('is up to date with the bank (rerun npm run content:jumbled-candidates after changing an item)', { timeout: 180_000 }, () => {
    const problems = staleness(audit, bank);
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
  });

  it('has two independent reviewers, first and second', () => {
    expect(reviewers.map((r) => r.reviewer)).toEqual(expect.arrayContaining(['first', 'second']));
  });

  for (const file of reviewers) {
    it(`every kept candidate has a decision of the ${file.reviewer} reviewer`, () => {
      const missing = undecided(audit.items, file);
      expect(missing, `${missing.length} undecided:\n${missing.slice(0, 40).join('\n')}`).toEqual([]);
    });
  }

  it('every order the reviewers decided differently has a lead resolution (decisions.lead.json)', () => {
    const unresolved = first && second ? finalDecisions(first, second, lead).unresolved : ['no decisions.first.json or decisions.second.json'];
    expect(unresolved, `${unresolved.length} unresolved:\n${unresolved.slice(0, 40).join('\n')}`).toEqual([]);
  });

  it('the bank carries out the final decisions: the lead resolution, else the agreed one (accepted orders listed, rewritten orders gone)', () => {
    const problems = first && second ? notCarriedOut(bank, audit.items, { reviewer: 'final', decisions: finalDecisions(first, second, lead).decisions }) : ['no decisions.first.json or decisions.second.json'];
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
  });

  it('reports where reviewers disagree, rule-only differences included (npm run content:jumbled-disagreements)', () => {
    const report = disagreementReport(reviewers);
    if (report.length > 0) console.log(report.join('\n'));
    expect(report.filter((l) => !l.startsWith('  ')).length).toBe((reviewers.length * (reviewers.length - 1)) / 2);
  });
});

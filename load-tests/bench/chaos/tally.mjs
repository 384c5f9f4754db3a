// @ts-check
/**
 * The chaos run's bookkeeping, pure: which phase a request belongs to, the per-phase figures, and
 * the ledger of what learners were told against what the database holds (attempts and payments
 * lost or stored twice).
 */

/**
 * One request as a learner's client saw it: its final answer after the client's own retries.
 * @typedef {{ at: number, ms: number, name: string, status: number, retries: number, expected: boolean }} Seen
 */
/** @typedef {{ name: string, startedAt: number }} PhaseMark */

/**
 * The p-th percentile (nearest rank) of a list of numbers; 0 for an empty list.
 * @param {number[]} values @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}

/**
 * The phase a request started in: the last phase that began at or before it.
 * @param {PhaseMark[]} phases in start order
 * @param {number} at
 */
export function phaseOf(phases, at) {
  let found = phases[0]?.name ?? '';
  for (const phase of phases) if (phase.startedAt <= at) found = phase.name;
  return found;
}

/** How many of a phase's slowest requests the report names. */
export const SLOWEST = 3;

/**
 * Per phase: requests, errors the learners saw (after their retries), how many needed a retry,
 * p95/p99 of the time a learner waited (retries included), the slowest requests by name, and the
 * unexpected answers by request and status (`submit 503`).
 * @param {PhaseMark[]} phases
 * @param {Seen[]} seen
 */
export function summarizePhases(phases, seen) {
  return phases.map((phase) => {
    const mine = seen.filter((s) => phaseOf(phases, s.at) === phase.name);
    const errors = mine.filter((s) => !s.expected);
    /** @type {Record<string, number>} */
    const byStatus = {};
    for (const e of errors) byStatus[`${e.name} ${e.status}`] = (byStatus[`${e.name} ${e.status}`] ?? 0) + 1;
    const times = mine.map((s) => s.ms);
    return {
      phase: phase.name,
      requests: mine.length,
      errors: errors.length,
      errorStatuses: byStatus,
      retried: mine.filter((s) => s.retries > 0).length,
      p95: Math.round(percentile(times, 95)),
      p99: Math.round(percentile(times, 99)),
      // The p99 of a phase is its one or two slowest requests: name them, so a slow phase says why.
      slowest: [...mine].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST).map((s) => ({ name: s.name, ms: Math.round(s.ms) })),
    };
  });
}

/**
 * Submissions the learners were told were stored (acknowledged) against the attempts the database
 * holds, by submission id: lost = acknowledged but absent; duplicated = stored more than once;
 * unacknowledged = stored though the learner saw an error (the submission went through, the
 * answer did not).
 * @param {string[]} acknowledged submission ids answered 201
 * @param {string[]} sent every submission id sent
 * @param {string[]} stored the submission id of every stored attempt of these learners
 */
export function attemptLedger(acknowledged, sent, stored) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of stored) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ack = new Set(acknowledged);
  return {
    sent: sent.length,
    acknowledged: ack.size,
    stored: counts.size,
    lost: [...ack].filter((id) => !counts.has(id)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    unacknowledged: [...counts.keys()].filter((id) => !ack.has(id)).length,
  };
}

/**
 * Learners charged by a test card (the confirmation succeeded) against the payments recorded and
 * the premium tests unlocked: lost = charged but not recorded or not unlocked; twice = more than
 * one recorded payment for one learner.
 * @param {string[]} charged uids whose card payment was confirmed
 * @param {string[]} recorded the uid of every recorded payment (succeeded_payments)
 * @param {string[]} unlocked uids the catalog lets take the premium tests (entitlements)
 */
export function paymentLedger(charged, recorded, unlocked) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const uid of recorded) counts.set(uid, (counts.get(uid) ?? 0) + 1);
  const open = new Set(unlocked);
  const paid = new Set(charged);
  return {
    charged: paid.size,
    recorded: counts.size,
    lost: [...paid].filter((uid) => !counts.has(uid) || !open.has(uid)).length,
    twice: [...counts.values()].filter((n) => n > 1).length,
  };
}

export const RESILIENCE_HEADING = '## Resilience';

/**
 * A markdown report with the section that starts with `heading` (up to the next `## `) replaced by
 * `section`, or `section` added at the end: the chaos run writes its section alone, and the main
 * bench, which writes the rest, keeps it.
 * @param {string} report @param {string} heading @param {string} section
 */
export function withSection(report, heading, section) {
  const start = report.startsWith(heading) ? 0 : report.indexOf(`\n${heading}`) + 1;
  if (start <= 0 && !report.startsWith(heading)) return `${report.trimEnd()}\n\n${section.trimEnd()}\n`;
  const end = report.indexOf('\n## ', start + 1);
  return `${report.slice(0, start)}${section.trimEnd()}\n${end < 0 ? '' : report.slice(end)}`;
}

/** The section of `report` that starts with `heading`, if it has one. @param {string} report @param {string} heading */
export function sectionOf(report, heading) {
  const at = report.startsWith(heading) ? 0 : report.indexOf(`\n${heading}`) + 1;
  if (at <= 0 && !report.startsWith(heading)) return undefined;
  const end = report.indexOf('\n## ', at + 1);
  return report.slice(at, end < 0 ? undefined : end + 1).trimEnd();
}

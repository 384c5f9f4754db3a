// @ts-check
/**
 * Whether a bench ratio can be trusted: the pure decisions of section 1, kept apart from the
 * processes they judge (run.mjs measures, this decides).
 *
 * The ceiling of a ratio is a bare Node server answering the same bytes, loaded by the same
 * generator as the gateway. That ceiling means something only when the server, not the generator,
 * set its pace. Both are single-threaded event loops, so the test is how much of the run each main
 * thread had work to do: on a CPU or waiting for one (Linux schedstat: run time + run-queue wait).
 * A loop that was never idle is the one the other waited for. A generator whose loop had no slack
 * during the bare run may have capped it, and then no ratio is given.
 */

/** A main thread busy this share of the wall time, or more, had no slack: it set the pace. */
export const SATURATED = 0.9;
/** The generator must drive the bare server at least this many times the gateway's rate. */
export const HEADROOM = 2;

/**
 * `/proc/<pid>/task/<pid>/schedstat` ("run ns, run-queue wait ns, timeslices") as the nanoseconds
 * the thread wanted a CPU (ran or waited for one); undefined when the text is not schedstat.
 * @param {string} text
 * @returns {number | undefined}
 */
export function wantedNs(text) {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length < 2 || !fields.slice(0, 2).every(Number.isFinite)) return undefined;
  return fields[0] + fields[1];
}

/**
 * The share of `wallNs` a thread wanted a CPU, from its schedstat readings before and after
 * (0 to 1; undefined when either reading is missing or the wall time is empty).
 * @param {number | undefined} before @param {number | undefined} after @param {number} wallNs
 */
export function busyShare(before, after, wallNs) {
  if (before === undefined || after === undefined || !(wallNs > 0)) return undefined;
  return Math.min(1, Math.max(0, (after - before) / wallNs));
}

/**
 * @typedef {object} CeilingJudgement
 * @property {boolean} capped        the generator had no slack against the bare server: its rate may be the generator's
 * @property {number | undefined} ratio  gateway / bare (0 to 1), only when not capped and both rates are positive
 * @property {number | undefined} headroom bare / gateway: how far past the gateway's rate the generator went
 * @property {boolean} headroomMet   headroom ≥ HEADROOM
 * @property {string} verdict        the report's cell: "ceiling capped" or the ratio
 */

/**
 * Judges one row: the bare server's and the gateway's rates (req/s) and how busy the generator's
 * main thread was while it loaded the bare server (0 to 1; undefined when it could not be read,
 * which counts as capped: a ratio that cannot be checked is not given).
 * @param {{ bareRps: number, gatewayRps: number, generatorBusy: number | undefined }} row
 * @returns {CeilingJudgement}
 */
export function judgeCeiling({ bareRps, gatewayRps, generatorBusy }) {
  const capped = generatorBusy === undefined || generatorBusy >= SATURATED || !(bareRps > 0);
  const headroom = bareRps > 0 && gatewayRps > 0 ? bareRps / gatewayRps : undefined;
  const ratio = !capped && gatewayRps >= 0 ? gatewayRps / bareRps : undefined;
  return {
    capped,
    ratio,
    headroom,
    headroomMet: headroom !== undefined && headroom >= HEADROOM,
    verdict: ratio === undefined ? 'ceiling capped' : `${(ratio * 100).toFixed(1)} %`,
  };
}

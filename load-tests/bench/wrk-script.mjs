// @ts-check
/**
 * The Lua script of one wrk run (section 1's generator): the requests are formatted once per wrk
 * thread, before the run, and each request only takes the next one (the learners' tokens in turn);
 * with no tokens wrk sends its one static request and runs no Lua per request at all. `done` prints
 * the figures as one JSON line. Pure text: run.mjs writes it to a file and starts wrk.
 */

/** @param {string} text a Lua long string (no `]==]` in a JWT or a JSON body) */
const long = (text) => {
  if (text.includes(']==]')) throw new Error('cannot quote this text for Lua');
  return `[==[${text}]==]`;
};

/**
 * @param {{ tokens?: string[], method?: string, body?: string }} options
 * @returns {string}
 */
export function wrkScript({ tokens = [], method = 'GET', body }) {
  const lines = [`wrk.method = ${long(method)}`];
  if (body !== undefined) lines.push(`wrk.body = ${long(body)}`, `wrk.headers["Content-Type"] = "application/json"`);
  if (tokens.length > 0) {
    lines.push(
      `local tokens = { ${tokens.map(long).join(', ')} }`,
      'local requests = {}',
      'local turn = 0',
      'function init(args)',
      '  for i, token in ipairs(tokens) do requests[i] = wrk.format(nil, nil, { ["Authorization"] = "Bearer " .. token }) end',
      'end',
      'function request()',
      '  turn = turn % #requests + 1',
      '  return requests[turn]',
      'end',
    );
  }
  lines.push(
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d}\\n\',',
    '    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,',
    '    latency:percentile(50), latency:percentile(95), latency:percentile(99)))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * wrk's JSON line (the last line of its output that is one) as the bench's figures: req/s, latency
 * in ms to 0.1 ms, and every answer that was not a success (wrk counts a status ≥ 400 as an error;
 * socket errors and timeouts with it).
 * @param {string} output
 */
export function wrkFigures(output) {
  const line = output.split('\n').reverse().find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no figures:\n${output.slice(-500)}`);
  const raw = JSON.parse(line);
  const ms = (/** @type {number} */ us) => Math.round(us / 100) / 10;
  return {
    rps: Math.round(raw.requests / (raw.durationUs / 1e6)),
    p50: ms(raw.p50Us),
    p95: ms(raw.p95Us),
    p99: ms(raw.p99Us),
    errors: raw.errors + raw.non2xx,
  };
}

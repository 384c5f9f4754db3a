// k6 thresholds (`options.thresholds`) read and evaluated on the samples of one adapter run.
// One VU and one iteration say nothing about latency, so trend thresholds are reported but not
// enforced; what one run can prove is enforced: rates (no failed request, every check passed)
// and that each threshold selects samples at all — a threshold on a request name the scripts no
// longer send would pass in k6 without measuring anything.

const METRICS = {
  http_req_failed: { type: 'rate', samples: (run) => run.requests.filter((r) => r.failed !== undefined).map((r) => ({ tags: r.tags, value: r.failed ? 1 : 0 })) },
  checks: { type: 'rate', samples: (run) => run.checks.map((c) => ({ tags: c.tags, value: c.ok ? 1 : 0 })) },
  http_req_duration: { type: 'trend', samples: (run) => run.requests.filter((r) => r.error === '').map((r) => ({ tags: r.tags, value: r.duration })) },
  http_reqs: { type: 'counter', samples: (run) => run.requests.map((r) => ({ tags: r.tags, value: 1 })) },
};

/** `http_req_duration{name:blog.list,method:GET}` → { metric, tags }. */
export function parseThresholdKey(key) {
  const match = /^([A-Za-z_][\w]*)(?:\{(.*)\})?$/.exec(key.trim());
  if (!match) throw new Error(`cannot read the threshold key "${key}"`);
  const tags = {};
  if (match[2] !== undefined) {
    for (const pair of match[2].split(',')) {
      const at = pair.indexOf(':');
      if (at <= 0) throw new Error(`cannot read the tag "${pair}" in "${key}"`);
      tags[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
  }
  return { metric: match[1], tags };
}

const OPERATORS = { '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b, '==': (a, b) => a === b, '===': (a, b) => a === b, '!=': (a, b) => a !== b };

/** `p(95)<300` → { aggregation: 'p(95)', percentile: 95, op: '<', bound: 300 }. */
export function parseExpression(expression) {
  const match = /^\s*(avg|min|max|med|count|rate|value|p\((\d+(?:\.\d+)?)\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
  if (!match) throw new Error(`cannot read the threshold "${expression}"`);
  return { aggregation: match[1], percentile: match[2] === undefined ? undefined : Number(match[2]), op: match[3], bound: Number(match[4]) };
}

/** k6's percentile: linear interpolation between the closest ranks. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (rank - low);
}

function aggregate(values, { aggregation, percentile: p }) {
  if (aggregation === 'rate' || aggregation === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
  if (aggregation === 'count') return values.reduce((a, b) => a + b, 0);
  if (aggregation === 'min') return Math.min(...values);
  if (aggregation === 'max') return Math.max(...values);
  if (aggregation === 'med') return percentile(values, 50);
  if (p !== undefined) return percentile(values, p);
  return values.at(-1);
}

/**
 * Every threshold with what the run observed. `ok` is false when a rate or count bound fails or a
 * threshold selects no sample; trend bounds are `enforced: false`.
 * @param {Record<string, string[] | { threshold: string }[]>} thresholds
 * @param {{ requests: { tags: Record<string, string>, duration: number, failed?: boolean, error: string }[], checks: { tags: Record<string, string>, ok: boolean }[] }} run
 */
export function evaluateThresholds(thresholds = {}, run) {
  return Object.entries(thresholds).flatMap(([key, expressions]) => {
    const { metric, tags } = parseThresholdKey(key);
    const kind = METRICS[metric];
    if (!kind) throw new Error(`invalid threshold on "${key}": the k6 adapter records no metric "${metric}"`);
    const values = kind.samples(run)
      .filter((s) => Object.entries(tags).every(([tag, value]) => s.tags[tag] === value))
      .map((s) => s.value);
    return expressions.map((entry) => {
      const expression = typeof entry === 'string' ? entry : entry.threshold;
      const parsed = parseExpression(expression);
      const enforced = kind.type !== 'trend';
      if (values.length === 0) return { key, expression, samples: 0, observed: null, enforced, ok: false, reason: 'no sample matches this threshold' };
      const observed = aggregate(values, parsed);
      const holds = OPERATORS[parsed.op](observed, parsed.bound);
      return { key, expression, samples: values.length, observed, enforced, ok: enforced ? holds : true, ...(holds ? {} : { reason: enforced ? 'bound not met' : 'bound not met (not enforced on one iteration)' }) };
    });
  });
}

// The adapter's `k6` module: check, group, sleep, fail.
import { runtime, sampleTags } from '../runtime.mjs';

/** Blocks like k6's sleep (the whole VU waits). */
export function sleep(seconds) {
  const ms = Number(seconds) * 1000;
  if (!(ms >= 0)) throw new Error(`sleep(${seconds}): not a duration`);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs each check on `value`; a check passes when its function returns a truthy value. */
export function check(value, checks, tags = {}) {
  let all = true;
  for (const [name, predicate] of Object.entries(checks)) {
    const ok = Boolean(typeof predicate === 'function' ? predicate(value) : predicate);
    runtime.checks.push({ tags: sampleTags({ ...tags, check: name }), ok });
    all &&= ok;
  }
  return all;
}

export function group(name, fn) {
  if (typeof fn !== 'function') throw new Error('group(name, fn): fn must be a function');
  runtime.groups.push(name);
  try {
    return fn();
  } finally {
    runtime.groups.pop();
  }
}

export function fail(message = '') {
  throw new Error(message);
}

export default { check, fail, group, sleep };

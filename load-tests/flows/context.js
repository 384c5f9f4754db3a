// What a flow is given (the same from every driver).
import { learnersOfVu } from './learners.js';
import { drawSeconds } from './think.js';

/**
 * data: scenarios.json; pool: every learner setup signed up; vuId: this VU (1-based, unique in
 * the test); vusInTest: how many VUs the test has; vu: what this VU keeps between iterations;
 * thinkScale: THINK_SCALE.
 */
export function flowContext({ data, pool, vuId, vusInTest, vu, thinkScale }) {
  return {
    data,
    learners: learnersOfVu(pool, vuId, vusInTest),
    vu,
    thinkScale,
    /** A think time in real seconds (the test runner's 40 minutes, say). */
    draw: (name) => drawSeconds(data, name),
    /** A think time to pause for: the draw times THINK_SCALE. */
    think: (name) => drawSeconds(data, name) * thinkScale,
  };
}

// The adapter's `k6/execution`: what a script asks about the VU, scenario and test it runs in.
import { runtime } from '../runtime.mjs';

const exec = {
  vu: {
    get idInTest() {
      return runtime.vu;
    },
    get idInInstance() {
      return runtime.vu;
    },
    get iterationInScenario() {
      return runtime.iteration;
    },
    get iterationInInstance() {
      return runtime.iteration;
    },
  },
  scenario: {
    get name() {
      return runtime.scenario;
    },
    get iterationInTest() {
      return runtime.iterationInTest;
    },
    get iterationInInstance() {
      return runtime.iterationInTest;
    },
  },
  test: {
    abort(reason = 'test aborted') {
      throw new Error(`test.abort: ${reason}`);
    },
  },
};

export default exec;
export const { vu, scenario, test } = exec;

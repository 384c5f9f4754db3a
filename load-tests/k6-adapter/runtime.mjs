// The adapter's state for one run of one script: where the run is (init, setup, a VU's
// iteration, teardown), which VU and scenario, the group path, and every sample recorded.

export const runtime = {
  /** 'init' | 'setup' | 'iteration' | 'teardown' */
  phase: 'init',
  vu: 0,
  scenario: '',
  iteration: 0,
  /** Iterations started in the whole run (k6's scenario.iterationInTest, per scenario here: one each). */
  iterationInTest: 0,
  groups: [],
  /** @type {{ tags: Record<string, string>, duration: number, failed: boolean | undefined, error: string }[]} */
  requests: [],
  /** @type {{ tags: Record<string, string>, ok: boolean }[]} */
  checks: [],
  /** The local address requests leave from (K6_ADAPTER_LOCAL_ADDRESS), so a run has its own rate-limit bucket. */
  localAddress: undefined,
};

/** k6's `group` tag: '' at the top, '::a::b' inside groups a and b. */
export const groupTag = () => (runtime.groups.length === 0 ? '' : `::${runtime.groups.join('::')}`);

/** The tags every sample carries (k6's system tags we use), plus the call's own. */
export function sampleTags(extra = {}) {
  return { scenario: runtime.phase === 'iteration' ? runtime.scenario : runtime.phase, group: groupTag(), ...extra };
}

/** Only during init may a script read files, as in k6. */
export function assertInit(what) {
  if (runtime.phase !== 'init') throw new Error(`${what} can only be called in the init context`);
}

// What a flow yields. A flow (browse.js, dashboard.js, …) is a generator that yields these
// descriptions and gets the answers back; a driver performs them: k6 (lib/k6-driver.js) or Node
// (engine/run-scenario.mjs). So each scenario is written once, for both engines, and this folder
// imports neither k6 nor Node.

/**
 * One request of scenarios.json's `requests`, by name.
 * - vars: values for the path's {placeholders} (inserted as given);
 * - body: sent as JSON (Content-Type: application/json);
 * - session: the learner's session (session.js) whose access token a request marked `auth` sends
 *   (flows refresh it through `auth.session` before it expires, as the SPA does);
 * - checks: { 'label': (response) => boolean } beside the status check;
 * - group: the page or step it belongs to (a k6 group).
 */
export function request(name, { vars, body, session, checks, group } = {}) {
  return { kind: 'request', name, vars, body, session, checks, group };
}

/** Requests sent together, as a browser does for one page; the answers come back in order. */
export function batch(requests, group) {
  return { kind: 'batch', requests, group };
}

/** The visitor reads, types or thinks for `seconds` (0: no pause). */
export function pause(seconds) {
  return { kind: 'pause', seconds };
}

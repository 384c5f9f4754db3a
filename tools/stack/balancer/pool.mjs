// @ts-check
/**
 * Which gateway replica the local balancer sends a request to, and which failures it may repeat on
 * another one. Pure: the HTTP side is balancer.mjs.
 *
 * - Round robin over the replicas in rotation.
 * - A replica that refused or dropped a connection leaves the rotation at once (passive check);
 *   only a health probe that answers brings it back (active check), so a dead replica costs at most
 *   the requests already on their way to it, not one per probe interval.
 * - When every replica is out, all of them are tried anyway: a probe may lag a restart, and an
 *   answer is better than a certain 502 (what Envoy calls panic mode).
 */

/** @typedef {{ host: string, port: number, label: string }} Backend */

/** @param {string} spec `host:port` @returns {Backend} */
export function parseBackend(spec) {
  const match = /^([^:]+):(\d+)$/.exec(spec.trim());
  if (!match) throw new Error(`a backend is host:port (got ${spec})`);
  return { host: /** @type {string} */ (match[1]), port: Number(match[2]), label: spec.trim() };
}

export class BackendPool {
  /** @param {Backend[]} backends */
  constructor(backends) {
    if (backends.length === 0) throw new Error('the balancer needs at least one backend');
    this.backends = backends;
    /** @type {Set<Backend>} */
    this.ejected = new Set();
    this.next = 0;
  }

  /**
   * The next backend for a request, skipping those it already failed on; undefined when it has
   * tried them all.
   * @param {ReadonlySet<Backend>} [tried]
   * @returns {Backend | undefined}
   */
  pick(tried = new Set()) {
    const untried = this.backends.filter((b) => !tried.has(b));
    const inRotation = untried.filter((b) => !this.ejected.has(b));
    const candidates = inRotation.length > 0 ? inRotation : untried;
    if (candidates.length === 0) return undefined;
    const chosen = /** @type {Backend} */ (candidates[this.next % candidates.length]);
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    return chosen;
  }

  /** Takes a backend out of rotation; true when it was in. @param {Backend} backend */
  eject(backend) {
    if (this.ejected.has(backend)) return false;
    this.ejected.add(backend);
    return true;
  }

  /** Puts a backend back into rotation; true when it was out. @param {Backend} backend */
  readmit(backend) {
    return this.ejected.delete(backend);
  }

  /** @param {Backend} backend */
  inRotation(backend) {
    return !this.ejected.has(backend);
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * How an attempt on one backend failed, from the error of its request:
 * - `connect`: no connection was made (refused, or no route): the backend never saw the request.
 * - `dropped`: the connection broke before an answer began: the backend may have acted on it.
 * @param {NodeJS.ErrnoException} error
 * @param {{ connected: boolean }} attempt whether a socket to the backend was ever connected
 * @returns {'connect' | 'dropped'}
 */
export function failureKind(error, attempt) {
  if (!attempt.connected && ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT'].includes(error.code ?? '')) return 'connect';
  return 'dropped';
}

/**
 * Whether a failed attempt may go to another backend. A request the backend never saw always may;
 * one it may have acted on only when repeating it is harmless by its method (RFC 9110 §9.2.2). A
 * POST that was dropped is answered 502, and the learner's client repeats it if it is safe to (the
 * submission, by its id: apps/web/src/lib/retry-policy.ts). Never once the answer has begun, nor
 * when the body was too large to keep a copy of.
 * @param {{ method: string, kind: 'connect' | 'dropped', answerStarted: boolean, bodyKept: boolean }} attempt
 */
export function mayRetryElsewhere({ method, kind, answerStarted, bodyKept }) {
  if (answerStarted || !bodyKept) return false;
  return kind === 'connect' || IDEMPOTENT.has(method.toUpperCase());
}

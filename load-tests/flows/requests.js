// From a request effect and scenarios.json to what goes on the wire, the same for every engine.

/** The request named `name` in scenarios.json, or an error naming it. */
export function requestSpec(data, name) {
  const spec = data.requests[name];
  if (!spec) throw new Error(`scenarios.json has no request "${name}"`);
  return spec;
}

/** `/api/blog/{slug}` with {slug: 'x'} → `/api/blog/x`; a placeholder without a value is an error. */
export function fillPath(template, vars = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    if (vars[key] === undefined) throw new Error(`no value for {${key}} in ${template}`);
    return String(vars[key]);
  });
}

/**
 * Method, URL, headers and body of a request effect. `token` is the access token to send when the
 * request is marked `auth` (the driver has refreshed it already).
 */
export function wireRequest(data, baseUrl, effect, token) {
  const spec = requestSpec(data, effect.name);
  const headers = { ...spec.headers };
  if (effect.body !== undefined) headers['Content-Type'] = 'application/json';
  if (spec.auth) {
    if (!token) throw new Error(`${effect.name} needs a signed-in learner`);
    headers.Authorization = `Bearer ${token}`;
  }
  return {
    name: effect.name,
    method: spec.method,
    url: `${baseUrl.replace(/\/$/, '')}${fillPath(spec.path, effect.vars)}`,
    headers,
    body: effect.body === undefined ? null : JSON.stringify(effect.body),
    expect: spec.expect,
  };
}

/** The label of the status check of a request, e.g. "blog.list answered 200". */
export const statusCheckLabel = (name, expect) => `${name} answered ${expect.join(' or ')}`;

/** A failed flow (an error it threw) is recorded as this failed check, so the checks threshold catches it. */
export const ITERATION_CHECK = 'iteration completed';

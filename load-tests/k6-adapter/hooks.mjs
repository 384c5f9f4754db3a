// Module resolution hooks (module.register) for running k6 scripts in Node:
// - `k6`, `k6/http` and `k6/execution` resolve to the adapter's modules; any other `k6/…` module
//   or remote import is an error that names it, so a script using something unimplemented fails
//   loudly instead of running half;
// - every VU gets its own module graph, as k6 gives each VU its own JS runtime: a script imported
//   as `…?vu=N` passes `?vu=N` on to the local files it imports (not to node_modules).

const K6_MODULES = {
  k6: './modules/k6.mjs',
  'k6/http': './modules/http.mjs',
  'k6/execution': './modules/execution.mjs',
};

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(K6_MODULES, specifier)) return { url: new URL(K6_MODULES[specifier], import.meta.url).href, shortCircuit: true };
  if (specifier.startsWith('k6/')) throw new Error(`the k6 adapter does not implement ${specifier} (load-tests/k6-adapter)`);
  if (/^https?:\/\//.test(specifier)) throw new Error(`the k6 adapter does not load remote modules: ${specifier}`);
  const resolved = await nextResolve(specifier, context);
  const vu = context.parentURL ? new URL(context.parentURL).searchParams.get('vu') : null;
  if (vu === null || !resolved.url.startsWith('file:') || resolved.url.includes('/node_modules/')) return resolved;
  const url = new URL(resolved.url);
  url.searchParams.set('vu', vu);
  return { ...resolved, url: url.href };
}

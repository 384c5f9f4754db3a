// Think times: scenarios.json's `thinkSeconds` ranges [min, max], drawn uniformly. A flow pauses
// for the draw times the run's think scale (THINK_SCALE; 0 sends the requests back to back).

export function drawSeconds(data, name, random = Math.random) {
  const range = data.thinkSeconds[name];
  if (!range) throw new Error(`scenarios.json has no think time "${name}"`);
  const [min, max] = range;
  return min + (max - min) * random();
}

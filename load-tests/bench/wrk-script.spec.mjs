import { describe, expect, it } from 'vitest';
import { wrkFigures, wrkScript } from './wrk-script.mjs';

describe('wrkScript', () => {
  it('formats one request per token before the run and only takes the next one per request', () => {
    const script = wrkScript({ tokens: ['aaa.bbb.ccc', 'ddd.eee.fff'] });
    expect(script).toContain('local tokens = { [==[aaa.bbb.ccc]==], [==[ddd.eee.fff]==] }');
    // The per-request function does no formatting: the requests are built in init.
    const request = script.slice(script.indexOf('function request()'), script.indexOf('function done'));
    expect(request).not.toContain('wrk.format');
    expect(script.slice(script.indexOf('function init'), script.indexOf('function request()'))).toContain('wrk.format');
  });

  it('defines no request function without tokens (wrk then sends its static request, no Lua per request)', () => {
    expect(wrkScript({})).not.toContain('function request');
    expect(wrkScript({})).toContain('function done');
  });

  it('refuses text it cannot quote for Lua', () => {
    expect(() => wrkScript({ tokens: ['a]==]b'] })).toThrow(/cannot quote/);
  });
});

describe('wrkFigures', () => {
  it('turns wrk\'s JSON line into req/s, ms to 0.1 and failures (socket errors and statuses ≥ 400 together)', () => {
    const output = 'Running 3s test @ http://127.0.0.1:1/\n{"requests":30000,"durationUs":3000000,"errors":2,"non2xx":3,"p50Us":1234,"p95Us":19960,"p99Us":25049}\n';
    expect(wrkFigures(output)).toEqual({ rps: 10000, p50: 1.2, p95: 20, p99: 25, errors: 5 });
  });

  it('throws, with wrk\'s output, when there is no figure line', () => {
    expect(() => wrkFigures('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/Connection refused/);
  });
});

import { describe, expect, it } from 'vitest';
import { busyShare, HEADROOM, judgeCeiling, SATURATED, wantedNs } from './ceiling.mjs';

describe('wantedNs', () => {
  it('adds run time and run-queue wait of a schedstat line', () => {
    expect(wantedNs('1500000000 250000000 4321\n')).toBe(1_750_000_000);
  });

  it('is undefined for text that is not schedstat', () => {
    expect(wantedNs('')).toBeUndefined();
    expect(wantedNs('busy idle 3')).toBeUndefined();
  });
});

describe('busyShare', () => {
  it('is the share of the wall time the thread wanted a CPU', () => {
    expect(busyShare(1_000_000_000, 3_400_000_000, 3_000_000_000)).toBeCloseTo(0.8);
  });

  it('is at most 1 (readings a few ms apart from the wall clock) and undefined without a reading', () => {
    expect(busyShare(0, 3_100_000_000, 3_000_000_000)).toBe(1);
    expect(busyShare(undefined, 5, 10)).toBeUndefined();
    expect(busyShare(0, 5, 0)).toBeUndefined();
  });
});

describe('judgeCeiling', () => {
  it('gives the ratio when the generator had slack against the bare server', () => {
    const row = judgeCeiling({ bareRps: 40_000, gatewayRps: 10_000, generatorBusy: 0.6 });
    expect(row).toMatchObject({ capped: false, ratio: 0.25, headroom: 4, headroomMet: true, verdict: '25.0 %' });
  });

  it('says "ceiling capped" and gives no ratio when the generator was saturated during the bare run', () => {
    const row = judgeCeiling({ bareRps: 26_000, gatewayRps: 10_000, generatorBusy: SATURATED });
    expect(row.capped).toBe(true);
    expect(row.ratio).toBeUndefined();
    expect(row.verdict).toBe('ceiling capped');
  });

  it('counts an unreadable generator as capped: a ratio that cannot be checked is not given', () => {
    expect(judgeCeiling({ bareRps: 40_000, gatewayRps: 10_000, generatorBusy: undefined })).toMatchObject({ capped: true, verdict: 'ceiling capped' });
    expect(judgeCeiling({ bareRps: 0, gatewayRps: 10_000, generatorBusy: 0.5 })).toMatchObject({ capped: true, ratio: undefined });
  });

  it(`flags a bare rate under ${HEADROOM}× the gateway's as headroom not met, and still gives the ratio`, () => {
    const row = judgeCeiling({ bareRps: 30_000, gatewayRps: 18_000, generatorBusy: 0.5 });
    expect(row.headroomMet).toBe(false);
    expect(row.headroom).toBeCloseTo(30 / 18);
    expect(row.verdict).toBe('60.0 %');
  });

  it('gives 0 % for a gateway that answered nothing (not "capped")', () => {
    expect(judgeCeiling({ bareRps: 40_000, gatewayRps: 0, generatorBusy: 0.5 })).toMatchObject({ capped: false, ratio: 0, headroom: undefined, verdict: '0.0 %' });
  });
});

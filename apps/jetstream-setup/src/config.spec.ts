import { describe, expect, it } from 'vitest';
import { jetStreamSettings, loadSetupConfig } from './config';

describe('jetstream-setup configuration', () => {
  it('defaults to one replica and the default stream sizes', () => {
    expect(jetStreamSettings(loadSetupConfig({}))).toEqual({ replicas: 1, paymentsMaxBytes: 1024 ** 3, pageViewsMaxBytes: 256 * 1024 ** 2, pageViewsMaxMsgs: 2_000_000 });
  });

  it("takes the operator's replicas and sizes, and refuses nonsense naming the variable", () => {
    expect(jetStreamSettings(loadSetupConfig({ JETSTREAM_REPLICAS: '3', PAGE_VIEWS_STREAM_MAX_MSGS: '1000' }))).toMatchObject({ replicas: 3, pageViewsMaxMsgs: 1000 });
    expect(() => loadSetupConfig({ JETSTREAM_REPLICAS: '0' })).toThrow(/JETSTREAM_REPLICAS/);
  });
});

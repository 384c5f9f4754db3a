import { describe, expect, it } from 'vitest';
import { parseReplayArgs } from './replay-command';

describe('parseReplayArgs', () => {
  it('reads --dry-run, --since and --wait-ms, waiting two minutes by default', () => {
    expect(parseReplayArgs([])).toEqual({ dryRun: false, waitMs: 120_000 });
    expect(parseReplayArgs(['--dry-run', '--since=2026-11-01', '--wait-ms=5000'])).toEqual({ dryRun: true, since: '2026-11-01', waitMs: 5000 });
  });

  it('refuses an unknown option, naming it and the known ones', () => {
    expect(() => parseReplayArgs(['--dryrun'])).toThrow('unknown option --dryrun; use --dry-run, --since=YYYY-MM-DD, --wait-ms=N');
  });

  it('refuses a day that is not YYYY-MM-DD and a wait that is not a positive number', () => {
    expect(() => parseReplayArgs(['--since=26/11/2026'])).toThrow();
    expect(() => parseReplayArgs(['--wait-ms=0'])).toThrow();
  });
});

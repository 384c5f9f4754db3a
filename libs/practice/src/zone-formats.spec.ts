import { describe, expect, it } from 'vitest';
import { ZoneFormats } from './zone-formats';

const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const ZONES = ['Europe/Lisbon', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney'];

describe('formatters by time zone', () => {
  it('builds a zone’s formatter once and formats in that zone', () => {
    const formats = new ZoneFormats('en-CA', options);
    const lisbon = formats.of('Europe/Lisbon');
    expect(formats.of('Europe/Lisbon')).toBe(lisbon);
    expect(formats.of('Asia/Tokyo')).not.toBe(lisbon);
    expect(lisbon.format(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(formats.of('Asia/Tokyo').format(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(formats.of('America/New_York').format(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-01');
  });

  it('holds at most its bound, dropping the zone asked for longest ago', () => {
    const formats = new ZoneFormats('en-CA', options, 3);
    const [lisbon, tokyo, newYork] = ZONES.slice(0, 3).map((zone) => formats.of(zone));
    // Lisbon asked for again: Tokyo is now the one asked for longest ago, and Sydney takes its place.
    expect(formats.of('Europe/Lisbon')).toBe(lisbon);
    formats.of('Australia/Sydney');
    expect(formats.size).toBe(3);
    expect(formats.of('Europe/Lisbon')).toBe(lisbon);
    expect(formats.of('America/New_York')).toBe(newYork);
    expect(formats.of('Asia/Tokyo')).not.toBe(tokyo);
    expect(formats.size).toBe(3);
  });

  it('throws RangeError for an unknown zone and keeps nothing for it', () => {
    const formats = new ZoneFormats('en-CA', options);
    expect(() => formats.of('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(formats.size).toBe(0);
  });
});

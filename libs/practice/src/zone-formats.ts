/** How many zones' formatters are kept: learners come from a few dozen zones; this bounds the rest. */
export const ZONE_FORMATS_KEPT = 64;

/**
 * One Intl.DateTimeFormat per IANA time zone for given options, built the first time a zone is
 * asked for and kept: building one resolves the zone's rules, far dearer than formatting with it,
 * and the learner's day is worked out on every practice request. At most `kept` zones are held;
 * past that the zone asked for longest ago is dropped. An unknown zone throws RangeError, as
 * `new Intl.DateTimeFormat` does, and is not kept.
 */
export class ZoneFormats {
  private readonly formats = new Map<string, Intl.DateTimeFormat>();

  constructor(
    private readonly locale: string,
    private readonly options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
    private readonly kept = ZONE_FORMATS_KEPT,
  ) {}

  of(timeZone: string): Intl.DateTimeFormat {
    const known = this.formats.get(timeZone);
    if (known) {
      // Asked for again: now the most recent (a Map iterates in insertion order).
      this.formats.delete(timeZone);
      this.formats.set(timeZone, known);
      return known;
    }
    const format = new Intl.DateTimeFormat(this.locale, { ...this.options, timeZone });
    if (this.formats.size >= this.kept) this.formats.delete(this.formats.keys().next().value as string);
    this.formats.set(timeZone, format);
    return format;
  }

  /** How many zones are held now. */
  get size(): number {
    return this.formats.size;
  }
}

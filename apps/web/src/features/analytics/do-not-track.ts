/** The parts of `navigator`/`window` that carry a visitor's tracking preference. */
export interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  windowDoNotTrack?: string | null;
}

/** Reads the signals from the browser (older Safari and IE put doNotTrack on window). */
export function browserPrivacySignals(): PrivacySignals {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return {
    doNotTrack: nav.doNotTrack,
    globalPrivacyControl: nav.globalPrivacyControl,
    windowDoNotTrack: (window as Window & { doNotTrack?: string | null }).doNotTrack,
  };
}

/** True unless the visitor asked not to be tracked (Do Not Track or Global Privacy Control). */
export function mayTrack(signals: PrivacySignals): boolean {
  const dnt = signals.doNotTrack ?? signals.windowDoNotTrack;
  return !(dnt === '1' || dnt === 'yes' || signals.globalPrivacyControl === true);
}

/** Build-time settings of the web app (Vite's VITE_* variables); see .env.example. */
export const env = {
  /** Google Analytics 4; empty means it is never loaded. */
  gaMeasurementId: (import.meta.env.VITE_GA_MEASUREMENT_ID ?? '').trim(),
  supportEmail: (import.meta.env.VITE_SUPPORT_EMAIL ?? '').trim() || 'support@fluent.example',
};

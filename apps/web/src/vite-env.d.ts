/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google Analytics 4 measurement id; empty or unset: gtag is never loaded. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
  /** The support mailbox shown on the contact page. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

import type { IncomingHttpHeaders } from 'node:http';

/**
 * True when the browser asks not to be tracked: `DNT: 1` (Do Not Track) or `Sec-GPC: 1` (Global
 * Privacy Control). The web app already sends nothing then; this covers any other client.
 */
export function asksNotToBeTracked(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

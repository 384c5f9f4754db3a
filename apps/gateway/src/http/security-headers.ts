import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a security-header middleware (Helmet's) sets, taken once from a stand-in response:
 * ours depend on nothing in the request (the Content-Security-Policy has no nonce), so every answer
 * can get the same object instead of Helmet's dozen middlewares and their setHeader calls per
 * request. Throws if the middleware does anything else to the answer (removes or ends it), or does
 * not finish at once, which would make the copy wrong.
 */
export function staticSecurityHeaders(middleware: Middleware): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  let finished = false;
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    // Helmet removes X-Powered-By, which neither Fastify nor Node sets: nothing to copy.
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`the security headers remove ${name}: not a static set`);
    },
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('the security-header middleware did not finish at once: not a static set');
  return Object.freeze(headers);
}

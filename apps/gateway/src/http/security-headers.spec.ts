import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../web-app/content-security-policy';
import { staticSecurityHeaders } from './security-headers';

/** The headers Helmet itself sets on a real answer of a Node server. */
async function helmetOnARealAnswer(middleware: ReturnType<typeof helmet>): Promise<IncomingHttpHeaders> {
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(response.headers);
  } finally {
    server.close();
  }
}

describe('staticSecurityHeaders', () => {
  it("copies every header Helmet sets on a real answer, with Helmet's values (the gateway's CSP included)", async () => {
    const middleware = helmet({ contentSecurityPolicy: contentSecurityPolicy('G-TEST123') });
    const real = await helmetOnARealAnswer(middleware);
    const copied = staticSecurityHeaders(middleware);
    const ours = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'];
    for (const name of ours) expect(copied[name], name).toBe(real[name]);
    // Nothing more and nothing less than Helmet's own headers (the server adds only these).
    const fromServer = new Set(['content-length', 'date', 'connection', 'keep-alive']);
    expect(Object.keys(copied).sort()).toEqual(Object.keys(real).filter((name) => !fromServer.has(name)).sort());
  });

  it('refuses a middleware that does not finish at once or does more than set headers', () => {
    expect(() => staticSecurityHeaders(() => undefined)).toThrow(/did not finish/);
    expect(() => staticSecurityHeaders((_req, res, next) => (res.removeHeader('Set-Cookie'), next()))).toThrow(/remove Set-Cookie/);
  });
});

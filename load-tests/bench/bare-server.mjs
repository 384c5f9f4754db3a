// @ts-check
/**
 * The bench's ceiling: a bare Node `http` server answering every request with the same bytes, in a
 * process of its own (like the gateway), so it shares no event loop with the load generator.
 * The parent sends `{ body, contentType }` over IPC and receives `{ port }` once it listens.
 */
import { createServer } from 'node:http';

process.once('message', (/** @type {{ body: string, contentType: string }} */ { body, contentType }) => {
  const bytes = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    res.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    process.send?.({ port: address.port });
  });
  process.once('disconnect', () => process.exit(0));
});

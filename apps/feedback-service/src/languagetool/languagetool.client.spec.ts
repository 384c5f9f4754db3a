import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageToolClient } from './languagetool.client';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A stand-in LanguageTool answering `status` and `body`; it records the form it was sent. */
async function fake(status: number, body: unknown) {
  const seen: URLSearchParams[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      seen.push(new URLSearchParams(data));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { client: new LanguageToolClient({ url, variant: 'en-GB', timeoutMs: 2000 }), seen };
}

const ANSWER = {
  software: { name: 'LanguageTool', version: '6.6' },
  language: { code: 'en-GB', detectedLanguage: { code: 'en-US', confidence: 0.99 } },
  matches: [
    {
      message: 'Possible agreement error.',
      offset: 2,
      length: 3,
      replacements: [{ value: 'have' }, { value: 'had' }, { value: 'hat' }, { value: 'has' }],
      rule: { id: 'BASE_FORM', issueType: 'grammar', category: { id: 'GRAMMAR', name: 'Grammar' } },
      context: { text: 'ignored' },
    },
  ],
};

describe('LanguageToolClient', () => {
  it('sends the text in British English without the Oxford -ize suggestions, and keeps what the feedback needs', async () => {
    const { client, seen } = await fake(200, ANSWER);
    expect(await client.check('I has went.')).toEqual({
      checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' },
      detectedLanguage: { code: 'en-US', confidence: 0.99 },
      matches: [{ offset: 2, length: 3, ruleId: 'BASE_FORM', categoryId: 'GRAMMAR', issueType: 'grammar', message: 'Possible agreement error.', replacements: ['have', 'had', 'hat'] }],
    });
    expect(Object.fromEntries(seen[0]!)).toEqual({ text: 'I has went.', language: 'en-GB', disabledCategories: 'BRE_STYLE_OXFORD_SPELLING' });
  });

  it('throws on an error answer or one that is not LanguageTool’s, so the event is retried', async () => {
    await expect((await fake(500, { error: 'busy' })).client.check('x')).rejects.toThrow(/answered 500/);
    await expect((await fake(200, { hello: 'world' })).client.check('x')).rejects.toThrow(/unexpected shape/);
  });

  it('reports itself down when nothing answers', async () => {
    const client = new LanguageToolClient({ url: 'http://127.0.0.1:9', variant: 'en-GB', timeoutMs: 500 });
    expect(await client.status()).toBe('down');
    await expect(client.check('x')).rejects.toThrow();
  });
});

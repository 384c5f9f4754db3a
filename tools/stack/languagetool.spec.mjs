import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { STACK } from './components.mjs';
import { LANGUAGETOOL_LANGUAGES, languageToolPom, languageToolReady, languageToolSpec } from './languagetool.mjs';
import { freePort, tempProfile } from './testing.mjs';

/** @type {(() => Promise<void> | void)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An HTTP server answering every request with `status` and the JSON `body`. */
async function answering(status, body) {
  const port = await freePort();
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const profile = tempProfile('test', { languagetool: port });
  cleanups.push(profile.cleanup);
  return profile;
}

describe('LanguageTool in the stack', () => {
  it('fetches the server without every language: English, and the three its language detector needs', () => {
    const pom = languageToolPom('6.6');
    expect(LANGUAGETOOL_LANGUAGES).toEqual(['en', 'es', 'ca', 'pt']);
    expect(pom).toMatch(/<artifactId>languagetool-server<\/artifactId><version>6\.6<\/version><exclusions><exclusion><groupId>org\.languagetool<\/groupId><artifactId>language-all<\/artifactId>/);
    for (const code of LANGUAGETOOL_LANGUAGES) expect(pom).toContain(`<artifactId>language-${code}</artifactId><version>6.6</version>`);
  });

  it('starts on the profile port, loopback only (no --public), with a capped heap and its settings file', () => {
    const profile = tempProfile('test', { languagetool: 18555 });
    cleanups.push(profile.cleanup);
    const spec = languageToolSpec(profile);
    expect(spec.args).toEqual(expect.arrayContaining(['-Xmx256m', 'org.languagetool.server.HTTPServer', '--port', '18555', '--config']));
    expect(spec.args).not.toContain('--public');
    expect(STACK.map((c) => c.name)).toContain('languagetool');
  });

  it('is ready only when an English check comes back from LanguageTool with the warm-up text’s error found', async () => {
    const found = { software: { name: 'LanguageTool' }, matches: [{ rule: { id: 'PLURAL_VERB_AFTER_THIS' } }] };
    expect(await languageToolReady(await answering(200, found))).toBe(true);
    // Answering, but not (yet) checking English, or not LanguageTool at all.
    expect(await languageToolReady(await answering(200, { ...found, matches: [] }))).toBe(false);
    expect(await languageToolReady(await answering(200, { ...found, software: { name: 'something else' } }))).toBe(false);
    expect(await languageToolReady(await answering(503, found))).toBe(false);
  });

  it('is not ready while another process answers on its port for it', async () => {
    const found = { software: { name: 'LanguageTool' }, matches: [{ rule: { id: 'X' } }] };
    const profile = await answering(200, found);
    const component = STACK.find((c) => c.name === 'languagetool');
    const gone = { pid: 2 ** 22 + 7, startedAt: '', log: '', command: 'java' };
    expect(await component.healthy(profile, gone)).toBe(false);
    expect(await component.healthy(profile, { ...gone, pid: process.pid })).toBe(true);
  });
});

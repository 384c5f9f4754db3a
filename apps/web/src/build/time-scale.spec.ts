// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

/**
 * Builds a one-file app that reads the time scale, with this project's real vite.config.ts, and
 * reads what would ship: a production build must not contain the setting's reader at all.
 */
describe('the runner time scale in builds', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'fluent-time-scale-'));
    mkdirSync(join(root, 'app'));
    writeFileSync(join(root, 'app', 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.ts"></script>');
    writeFileSync(
      join(root, 'app', 'main.ts'),
      "import { timeScale } from '@/config/time-scale';\nimport { runnerClock } from '@/features/runner/lib/runner-clock';\ndocument.body.append(String(timeScale()), String(runnerClock().now()));\n",
    );
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function bundle(mode: string): Promise<string> {
    const outDir = join(root, `dist-${mode}`);
    await build({ configFile, mode, root: join(root, 'app'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const assets = join(outDir, 'assets');
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
  }

  it('is fixed at 1 in a production build: the setting is never read, and the runner clock is not exposed', async () => {
    const code = await bundle('production');
    expect(code).not.toContain('fluent:e2e-time-scale');
    expect(code).not.toContain('localStorage');
    expect(code).not.toContain('__fluentRunnerClock');
  });

  it('can be set in a build made for browser tests, whose runner clock a test can stop (the checks above can see both)', async () => {
    const code = await bundle('e2e');
    expect(code).toContain('fluent:e2e-time-scale');
    expect(code).toContain('__fluentRunnerClock');
  });
});

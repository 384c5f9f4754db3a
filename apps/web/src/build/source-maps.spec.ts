// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/**
 * Builds a two-file app with this project's real vite.config.ts (only root and outDir moved), so
 * the test sees what `vite build` ships, not what the config object says.
 */
describe('the web build and source maps', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'fluent-web-build-'));
    mkdirSync(join(root, 'app'));
    writeFileSync(join(root, 'app', 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.ts"></script>');
    writeFileSync(join(root, 'app', 'main.ts'), 'const greeting: string = "fluent";\ndocument.body.append(greeting);\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function buildIn(mode: 'production' | 'development'): Promise<string> {
    const outDir = join(root, `dist-${mode}`);
    await build({ configFile, mode, root: join(root, 'app'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    return outDir;
  }

  it('ships no .map file and no sourceMappingURL in a production build', async () => {
    const outDir = await buildIn('production');
    const files = filesBelow(outDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files) expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain('sourceMappingURL');
  });

  it('still writes maps in a development-mode build (the check above can see them)', async () => {
    const files = filesBelow(await buildIn('development'));
    expect(files.filter((file) => file.endsWith('.js.map')).length).toBeGreaterThan(0);
  });
});

import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { gatewayUrl } from './stack';

/** Debian's Chromium (never a downloaded browser build); CHROMIUM_PATH overrides. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium is not installed: npm test installs it (tools/bootstrap), or run apt-get install chromium.');
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // As root Chromium needs --no-sandbox; the rest keep it from calling home on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '[::1]' || url.hostname.startsWith('127.');

/**
 * A page in a fresh context (no cookies or storage) that cannot reach beyond this machine; `baseURL`
 * is the stack's gateway unless `options` gives another (a viewport too, say).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: gatewayUrl, ...options });
  // Nothing leaves this machine: a test that expects the browser to go elsewhere (Google) routes
  // that address itself, on the page, which takes precedence over this.
  await context.route((url) => !isLoopback(url) && url.protocol !== 'data:', (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

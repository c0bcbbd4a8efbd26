import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The directory the e2e server serves (playwright.config.ts builds one per port).
const dist = process.env.WEB_DIST ?? join(tmpdir(), `tapewatch-e2e-web-${process.env.E2E_PORT ?? 3100}`);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

// What must never ship to browsers: provider secrets, webhook secrets, private keys, cloud keys,
// and the names of the server-side secret variables with a value next to them.
const SECRET_PATTERNS: Array<[string, RegExp]> = [
  ['Stripe secret key', /\b(sk|rk)_(live|test)_[0-9A-Za-z]{8,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{8,}/],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['AWS access key', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['server secret variable', /(STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|CHECKOUT_TICKET_SECRET)\s*[:=]\s*["'][^"']+/],
];

test.describe('security', () => {
  test('the web bundle holds no secrets', async ({ request }) => {
    // The server is up, so its build is complete.
    expect((await request.get('/')).status()).toBe(200);
    const shipped = files(dist).filter((f) => /\.(js|html|css|json|map|txt|webmanifest)$/.test(f));
    expect(shipped.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of shipped) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of SECRET_PATTERNS) expect(pattern.test(text), `${what} in ${file}`).toBe(false);
    }
  });

  test('pages, assets and API answers carry the security headers', async ({ request }) => {
    const page = await request.get('/optionsflow');
    const html = await page.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const res of [
      page,
      await request.get(asset!),
      await request.get('/api/get_app_info'),
      await request.get('/api/no_such_route'),
    ]) {
      const h = res.headers();
      expect(h['content-security-policy'], res.url()).toContain("script-src 'self'");
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).not.toContain('unsafe-eval');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('the page runs under its CSP: no violation is reported while a screen renders', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/Sectorperformance');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 15_000 });
    expect(violations).toEqual([]);
  });
});

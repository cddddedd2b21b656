import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from '../../../electron/core/security/web-preferences';
import { canOpenExternal, decideWindowOpen, isAllowedNavigation } from '../../../electron/core/security/navigation';
import { shouldGrantPermission } from '../../../electron/core/security/permissions';
import { isTrustedSender, originOf } from '../../../electron/core/security/trusted-sender';
import { CONTENT_SECURITY_POLICY, checkContentSecurityPolicy, parseContentSecurityPolicy } from '../../../electron/core/security/content-security-policy';
import { APP_ORIGIN, resolveAppAsset } from '../../../electron/core/security/app-protocol';
import { repoRoot } from '../../support/paths';

const origins = [APP_ORIGIN, 'http://localhost:5173'];

describe('web preferences', () => {
  it('isolates, sandboxes and disables node and webviews', () => {
    expect(secureWebPreferences('/p/preload.cjs', { packaged: true })).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });
});

describe('navigation', () => {
  it.each([
    ['app://statusdesk/index.html', true],
    ['app://statusdesk/#/settings', true],
    ['http://localhost:5173/', true],
    ['app://statusdesk.evil/', false],
    ['app://evil/index.html', false],
    ['http://localhost:5173.evil.com/', false],
    ['http://localhost:5174/', false],
    ['https://localhost:5173/', false],
    ['http://evil.com/?app://statusdesk', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['not a url', false],
    ['', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isAllowedNavigation(url, origins)).toBe(allowed);
  });
});

describe('external links', () => {
  it.each([
    ['https://statuspal.io/incidents/1', true],
    ['https://example.com', true],
    ['http://example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://share/x', false],
    ['https://user:pass@example.com/', false],
    ['mailto:a@b.c', false],
    ['https://', false],
    ['garbage', false],
  ])('%s may open: %s', (url, allowed) => {
    expect(canOpenExternal(url)).toBe(allowed);
  });

  it('never lets window.open create a window', () => {
    expect(decideWindowOpen('https://example.com')).toEqual({ action: 'deny', openExternally: true });
    expect(decideWindowOpen('http://example.com')).toEqual({ action: 'deny', openExternally: false });
    expect(decideWindowOpen('app://statusdesk/')).toEqual({ action: 'deny', openExternally: false });
  });
});

describe('permissions', () => {
  it.each([
    ['notifications', 'app://statusdesk/index.html', true],
    ['notifications', 'https://evil.example/', false],
    ['media', 'app://statusdesk/index.html', false],
    ['geolocation', 'app://statusdesk/index.html', false],
    ['clipboard-read', 'app://statusdesk/index.html', false],
    ['openExternal', 'app://statusdesk/index.html', false],
    ['notifications', '', false],
  ])('%s from %s granted: %s', (permission, url, granted) => {
    expect(shouldGrantPermission(permission, url, origins)).toBe(granted);
  });
});

describe('trusted sender', () => {
  it('computes origins by parsing', () => {
    expect(originOf('app://statusdesk/x?y#z')).toBe('app://statusdesk');
    expect(originOf('http://127.0.0.1:80/')).toBe('http://127.0.0.1');
    expect(originOf('HTTP://LOCALHOST:5173/a')).toBe('http://localhost:5173');
    expect(originOf('file:///x')).toBeNull();
    expect(originOf('about:blank')).toBeNull();
  });

  it('trusts only the main frame of an app origin', () => {
    expect(isTrustedSender({ url: 'app://statusdesk/index.html', isMainFrame: true }, origins)).toBe(true);
    expect(isTrustedSender({ url: 'app://statusdesk/index.html', isMainFrame: false }, origins)).toBe(false);
    expect(isTrustedSender({ url: 'about:blank', isMainFrame: true }, origins)).toBe(false);
    expect(isTrustedSender(undefined, origins)).toBe(false);
  });
});

describe('content security policy', () => {
  it('allows scripts only from self, without eval', () => {
    expect(checkContentSecurityPolicy(CONTENT_SECURITY_POLICY)).toEqual([]);
    expect(checkContentSecurityPolicy("script-src 'self' 'unsafe-eval'; object-src 'none'")).toContain("script-src allows 'unsafe-eval'");
    expect(checkContentSecurityPolicy('default-src *')).not.toEqual([]);
  });

  it('is the policy in the renderer page and, when built, in the built page', () => {
    const files = [path.join(repoRoot, 'renderer/index.html'), path.join(repoRoot, 'out/renderer/index.html')].filter((f) => fs.existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const html = fs.readFileSync(file, 'utf8');
      const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
      expect(match, file).not.toBeNull();
      const policy = match![1]!;
      expect(checkContentSecurityPolicy(policy)).toEqual([]);
      expect(parseContentSecurityPolicy(policy)).toEqual(parseContentSecurityPolicy(CONTENT_SECURITY_POLICY));
    }
  });
});

describe('app:// protocol', () => {
  const root = '/opt/statusdesk/renderer';
  it.each([
    ['app://statusdesk/', `${root}/index.html`],
    ['app://statusdesk/index.html', `${root}/index.html`],
    ['app://statusdesk/assets/a.js?v=1', `${root}/assets/a.js`],
    ['app://statusdesk/../../etc/passwd', `${root}/etc/passwd`],
    ['app://statusdesk/%2e%2e/%2e%2e/etc/passwd', `${root}/etc/passwd`],
    ['app://statusdesk/assets/..%2f..%2f..%2fetc/passwd', null],
    ['app://other/index.html', null],
    ['https://statusdesk/index.html', null],
    ['app://statusdesk/%00', null],
    ['app://statusdesk/%E0%A4%A', null],
  ])('%s → %s', (url, expected) => {
    expect(resolveAppAsset(root, url)).toBe(expected);
  });
});

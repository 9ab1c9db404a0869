/**
 * The shell's /config.json and remotes under the page CSP. Every URL each shipped
 * /config.json names (compose's, written by the image's entrypoint; Kubernetes', the mounted
 * ConfigMap) is one its page's Content-Security-Policy (the nginx template, rendered by the same
 * entrypoint with that deployment's CSP_EXTRA_SOURCES) lets the page load. The browser side, the
 * product running under this policy, is e2e/specs/content-security-policy.e2e.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { cspAllowsUrl, pageCsp } from '../../scripts/page-csp.cjs';
import { loadCompose, named, parseEnvFile, read, renderKustomization, type K8sObject } from './manifests';
import { composeShell, k8sShell, shellLoadsUnderPageCsp, TEMPLATE_DIR, type ShellConfig } from './shell-csp';

const objects = renderKustomization();
const envExample = parseEnvFile(read('.env.example'));
const copy = <T>(value: T): T => structuredClone(value);

/** The Kubernetes objects with fxrates-shell-config's config.json and fxrates-web-config changed. */
function k8sWith(change: {
  config?: (config: ShellConfig) => void;
  web?: Record<string, string>;
}): K8sObject[] {
  const changed = copy(objects);
  const shellConfig = named<IConfigMap>(changed, 'ConfigMap', 'fxrates-shell-config');
  const config = JSON.parse(shellConfig.data!['config.json']) as ShellConfig;
  change.config?.(config);
  shellConfig.data!['config.json'] = JSON.stringify(config);
  Object.assign(named<IConfigMap>(changed, 'ConfigMap', 'fxrates-web-config').data!, change.web);
  return changed;
}

describe('the shell’s config.json and remotes under the page CSP', () => {
  it('Kubernetes: the page CSP allows every URL of config.json', () => {
    const shell = k8sShell(objects);
    expect(shell.pageUrl).toBe('https://fxrates.example.com/');
    expect(Object.keys(shell.config.remotes).sort()).toEqual(['billing', 'dashboard', 'marketing']);
    expect(shellLoadsUnderPageCsp(shell)).toEqual([]);
  });

  it('compose: the page CSP allows every URL of config.json', () => {
    const shell = composeShell(loadCompose(envExample));
    expect(shell.pageUrl).toBe('http://localhost:8080/');
    expect(shell.config.remotes.marketing).toBe(
      'http://localhost:8081/remotes/marketing/0.1.0/mf-manifest.json',
    );
    expect(shellLoadsUnderPageCsp(shell)).toEqual([]);
    // The remotes' host ports are settings: the policy follows them.
    const moved = {
      ...envExample,
      MARKETING_HOST_PORT: '9081',
      BILLING_HOST_PORT: '9083',
      WEB_HOST_PORT: '9080',
    };
    const movedShell = composeShell(loadCompose(moved));
    expect(movedShell.config.remotes.billing).toBe(
      'http://localhost:9083/remotes/billing/0.1.0/mf-manifest.json',
    );
    expect(shellLoadsUnderPageCsp(movedShell)).toEqual([]);
    // And CSP_EXTRA_SOURCES set in .env adds to them.
    const withCdn = composeShell(
      loadCompose({ ...envExample, CSP_EXTRA_SOURCES: 'https://cdn.example.net' }),
    );
    expect(shellLoadsUnderPageCsp(withCdn)).toEqual([]);
  });

  it('fails on a remote or API origin missing from CSP_EXTRA_SOURCES', () => {
    const cdn = 'https://cdn.example.net/remotes/marketing/0.1.0';
    const toCdn = k8sWith({ config: (config) => (config.remotes.marketing = `${cdn}/mf-manifest.json`) });
    expect(shellLoadsUnderPageCsp(k8sShell(toCdn))).toEqual([
      `Kubernetes: connect-src blocks marketing's manifest (${cdn}/mf-manifest.json); CSP_EXTRA_SOURCES is ""`,
      `Kubernetes: script-src blocks marketing's remoteEntry.js (${cdn}/remoteEntry.js); CSP_EXTRA_SOURCES is ""`,
      `Kubernetes: script-src blocks marketing's chunks (${cdn}/__federation_expose_App.0123abcd.js); CSP_EXTRA_SOURCES is ""`,
    ]);
    const cdnAllowed = k8sWith({
      config: (config) => (config.remotes.marketing = `${cdn}/mf-manifest.json`),
      web: { CSP_EXTRA_SOURCES: 'https://cdn.example.net' },
    });
    expect(shellLoadsUnderPageCsp(k8sShell(cdnAllowed))).toEqual([]);

    const apiElsewhere = k8sWith({ config: (config) => (config.apiBaseUrl = 'https://api.example.net/api') });
    expect(shellLoadsUnderPageCsp(k8sShell(apiElsewhere))).toEqual([
      'Kubernetes: connect-src blocks the API (https://api.example.net/api/auth/refresh); CSP_EXTRA_SOURCES is ""',
    ]);

    const compose = loadCompose(envExample);
    compose.services.web.environment!.PUBLIC_DASHBOARD_URL =
      'http://localhost:9999/remotes/dashboard/0.1.0/mf-manifest.json';
    expect(shellLoadsUnderPageCsp(composeShell(compose))).toEqual([
      expect.stringMatching(/^compose: connect-src blocks dashboard's manifest \(http:\/\/localhost:9999\//),
      expect.stringMatching(/^compose: script-src blocks dashboard's remoteEntry\.js/),
      expect.stringMatching(/^compose: script-src blocks dashboard's chunks/),
    ]);
  });

  it('fails when the template stops adding CSP_EXTRA_SOURCES to script-src, or drops inline styles', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fxrates-template-'));
    try {
      cpSync(TEMPLATE_DIR, dir, { recursive: true });
      const file = path.join(dir, 'fxrates.conf.template');
      writeFileSync(
        file,
        readFileSync(file, 'utf8')
          .replace(
            'https://www.gstatic.com/recaptcha/ ${CSP_EXTRA_SOURCES}; style-src',
            'https://www.gstatic.com/recaptcha/; style-src',
          )
          .replace("style-src 'self' 'unsafe-inline'", "style-src 'self'"),
      );
      const problems = shellLoadsUnderPageCsp(composeShell(loadCompose(envExample), dir));
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^compose: script-src blocks marketing's remoteEntry\.js/),
          'compose: style-src blocks the <style> elements Mantine injects',
        ]),
      );
      expect(problems.filter((problem) => problem.includes('connect-src'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a policy as browsers do: default-src fallback, wildcards, ports, paths, secure upgrade', () => {
    const policy = pageCsp('http://localhost:8081');
    const page = 'http://localhost:8080/pricing';
    const allows = (directive: string, url: string) => cspAllowsUrl(policy, directive, url, page);
    expect(allows('script-src', '/main.js')).toBe(true);
    expect(allows('script-src', 'http://localhost:8081/remotes/x/remoteEntry.js')).toBe(true);
    expect(allows('script-src', 'http://localhost:8082/remoteEntry.js')).toBe(false);
    expect(allows('script-src', 'http://127.0.0.1:8081/remoteEntry.js')).toBe(false);
    expect(allows('script-src', 'https://www.sandbox.paypal.com/sdk/js?client-id=x')).toBe(true);
    expect(allows('script-src', 'https://www.google.com/recaptcha/api.js')).toBe(true);
    expect(allows('script-src', 'https://www.google.com/maps/api.js')).toBe(false);
    expect(allows('connect-src', 'https://api-m.paypal.com/v1/x')).toBe(true);
    expect(allows('connect-src', 'https://paypal.com/v1/x')).toBe(false);
    expect(allows('img-src', 'data:image/png;base64,AA==')).toBe(true);
    expect(allows('script-src', 'data:text/javascript,1')).toBe(false);
    expect(allows('manifest-src', 'https://elsewhere.example/m.json')).toBe(false); // default-src 'self'
    expect(
      cspAllowsUrl("script-src 'self'", 'script-src', 'https://x.example/a.js', 'http://x.example/'),
    ).toBe(true);
  });
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { REPO_ROOT } from '../support/paths';
import {
  buildEditedRemoteRelease,
  buildRemoteRelease,
  builtVersion,
  fileTimes,
  startWebProcess,
  stopProcess,
} from '../support/remote-release';
import { waitForText } from '../support/texts';

/**
 * A remote is released alone. The product runs (one serve-web process: the shell
 * and the three remotes) with /config.json read from a file, as a ConfigMap is in Kubernetes; the
 * marketing remote is rebuilt by webpack under a new version, and only the config file changes.
 */
const { apiUrl } = e2eEnvironment();
const BUILD_TIMEOUT_MS = 600_000;
const BUILT_APPS = ['shell', 'marketing', 'dashboard', 'billing'].map((app) =>
  path.join(REPO_ROOT, 'frontends', app, 'dist'),
);
const installedReactRouter = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/react-router/package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** A react-router major the site does not run: the next one. */
const otherReactRouterMajor = Number(installedReactRouter.split('.')[0]) + 1;

/** The URLs the page requests from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('a remote released on its own', () => {
  const opened = usePagePerTest();
  let workDir: string;
  let releasesDir: string;
  let configFile: string;
  let web: { child: ChildProcess; urls: Record<'shell' | 'marketing' | 'dashboard' | 'billing', string> };
  let servedBefore: Record<string, number>;
  const currentVersion = builtVersion('marketing');
  const stamp = Date.now().toString(36);

  const manifestUrl = (version: string) =>
    `${web.urls.marketing}/remotes/marketing/${version}/mf-manifest.json`;
  /** The one change a release (or a rollback) makes: which version of marketing /config.json names. */
  const pointMarketingAt = (version: string) =>
    fs.writeFileSync(configFile, JSON.stringify({ remotes: { marketing: manifestUrl(version) } }));
  /** The release the page loaded, as its head names it for operators (never in the page's text). */
  const releaseOf = async (page: Page, version: string) => {
    await page
      .locator(`head meta[name="fxrates-marketing-release"][content="${version}"]`)
      .waitFor({ state: 'attached' });
    expect(await page.locator('body').innerText()).not.toContain(version);
  };

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(tmpdir(), 'fxrates-releases-'));
    releasesDir = path.join(workDir, 'releases');
    configFile = path.join(workDir, 'config.json');
    fs.writeFileSync(configFile, '{}');
    servedBefore = fileTimes(BUILT_APPS);
    web = await startWebProcess({ apiUrl, configFile, releasesDir });
    pointMarketingAt(currentVersion);
  });

  afterAll(async () => {
    if (web) await stopProcess(web.child);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it(
    'goes live with one config change and no restart, and rolls back with another',
    async () => {
      const { page } = opened();
      const pid = web.child.pid;
      await page.goto(`${web.urls.shell}/`);
      await releaseOf(page, currentVersion);

      const nextVersion = `${currentVersion}-next.${stamp}`;
      await buildRemoteRelease('marketing', { releasesDir, version: nextVersion });
      pointMarketingAt(nextVersion);
      const requested = recordRequests(page);
      await page.reload();
      await releaseOf(page, nextVersion);
      expect(requested).toContain(`${web.urls.marketing}/remotes/marketing/${nextVersion}/remoteEntry.js`);
      await waitForText(page.getByRole('heading', { level: 1 }), /\S/);

      // Rollback: the previous version is still published; naming it again is the whole rollback.
      pointMarketingAt(currentVersion);
      await page.reload();
      await releaseOf(page, currentVersion);

      // Nothing else was rebuilt or restarted: the same process serves every app, from the same files.
      expect(web.child.pid).toBe(pid);
      expect(web.child.exitCode).toBeNull();
      expect(fileTimes(BUILT_APPS)).toEqual(servedBefore);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'is refused when built against another version of a shared singleton, and the rest of the site works',
    async () => {
      const { page } = opened();
      const incompatible = `${currentVersion}-router${otherReactRouterMajor}.${stamp}`;
      await buildRemoteRelease('marketing', {
        releasesDir,
        version: incompatible,
        declare: [`react-router@${otherReactRouterMajor}.0.0`],
      });
      pointMarketingAt(incompatible);
      const requested = recordRequests(page);
      try {
        await page.goto(`${web.urls.shell}/pricing`);
        const panel = page.getByTestId('remote-error');
        await waitForText(panel.locator('.mantine-Alert-title'), 'This page is temporarily unavailable');
        expect(await panel.textContent()).toContain(
          `It was built for react-router ^${otherReactRouterMajor}.0.0, but this site runs react-router ${installedReactRouter}.`,
        );
        expect(await page.locator('meta[name="fxrates-marketing-release"]').count()).toBe(0);
        // Refused from its manifest (fetched once) and release.json, before any of its code was loaded.
        const fromRelease = requested.filter((url) => url.includes(`/remotes/marketing/${incompatible}/`));
        expect(fromRelease.sort()).toEqual([
          manifestUrl(incompatible),
          manifestUrl(incompatible).replace('mf-manifest.json', 'release.json'),
        ]);
        expect(await page.getByTestId('site-footer').isVisible()).toBe(true);

        // The shell's own pages and the other remotes still work.
        await signedInAsNewUser(page, web.urls.shell, '/dashboard');
        await waitForText(page.getByRole('heading', { level: 1 }), 'Dashboard');
      } finally {
        pointMarketingAt(currentVersion);
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'is refused when it imports from react-router a name the shell’s generated facade does not share',
    async () => {
      const { page } = opened();
      const extended = `${currentVersion}-facade.${stamp}`;
      // useInRouterContext: a react-router export none of the apps imports, so the shell's facade
      // (frontends/mf-shared.js) lacks it; without the check the page would call undefined.
      await buildEditedRemoteRelease('marketing', {
        releasesDir,
        version: extended,
        edit: (source) =>
          source
            .replace(
              "import { Route, Routes } from 'react-router';",
              "import { Route, Routes, useInRouterContext } from 'react-router';",
            )
            .replace(
              'export default function MarketingApp() {\n',
              'export default function MarketingApp() {\n  useInRouterContext();\n',
            ),
      });
      const release = JSON.parse(
        fs.readFileSync(path.join(releasesDir, 'marketing', extended, 'release.json'), 'utf8'),
      ) as { sharedImports: Record<string, string[]> };
      expect(release.sharedImports['react-router']).toContain('useInRouterContext');
      pointMarketingAt(extended);
      const requested = recordRequests(page);
      try {
        await page.goto(`${web.urls.shell}/`);
        const panel = page.getByTestId('remote-error');
        await waitForText(panel.locator('.mantine-Alert-title'), 'This page is temporarily unavailable');
        expect(await panel.textContent()).toContain(
          'It uses useInRouterContext from react-router, which this site does not share.',
        );
        expect(
          requested.filter((url) => url.includes(`/remotes/marketing/${extended}/remoteEntry.js`)),
        ).toEqual([]);
        await page.goto(`${web.urls.shell}/login`);
        await waitForText(page.getByRole('heading', { level: 1 }), /\S/);
      } finally {
        pointMarketingAt(currentVersion);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});

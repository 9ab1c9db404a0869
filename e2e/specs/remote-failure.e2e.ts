import { spawn, type ChildProcess } from 'node:child_process';
import { signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { REPO_ROOT, SERVE_WEB_SCRIPT } from '../support/paths';
import { waitForText } from '../support/texts';
import { waitForHttpOk } from '../support/wait-for-http';

const { degradedBaseUrl, closedDashboardPort } = e2eEnvironment();

/** Serves the built remotes in a child process, the dashboard on the port the degraded shell expects. */
function startDashboardRemote(): ChildProcess {
  return spawn(process.execPath, [SERVE_WEB_SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      WEB_HOST: '127.0.0.1',
      WEB_PORT: '0',
      MARKETING_PORT: '0',
      BILLING_PORT: '0',
      DASHBOARD_PORT: String(closedDashboardPort),
    },
    stdio: 'ignore',
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('a remote that cannot be loaded', () => {
  const opened = usePagePerTest();

  it('shows an error panel with Retry inside the layout, and Retry recovers once the remote is up', async () => {
    const { page } = opened();
    // /dashboard needs a signed-in user; the degraded shell's own origin holds the refresh cookie.
    await signedInAsNewUser(page, degradedBaseUrl, '/dashboard');
    const panel = page.getByTestId('remote-error');
    await waitForText(panel.locator('.mantine-Alert-title'), 'The dashboard is temporarily unavailable');
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // The rest of the page still works: top bar and footer are there.
    expect(await page.getByRole('banner').getByRole('link', { name: 'FXRates Pro' }).isVisible()).toBe(true);
    expect(await page.getByTestId('site-footer').isVisible()).toBe(true);

    const remote = startDashboardRemote();
    try {
      await waitForHttpOk(`http://127.0.0.1:${closedDashboardPort}/mf-manifest.json`, { timeoutMs: 15_000 });
      await page.getByRole('button', { name: 'Retry' }).click();
      await waitForText(page.getByRole('heading', { level: 1 }), 'Dashboard');
      expect(await panel.count()).toBe(0);
    } finally {
      await stop(remote);
    }
  });

  it('keeps the other remotes working', async () => {
    const { page } = opened();
    await page.goto(`${degradedBaseUrl}/pricing`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'Pricing');
  });
});

import { PLAN_IDS, PLANS, WEBHOOK_EVENT_TYPES } from '@fxrates/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { waitForText } from '../support/texts';
import { NO_USABILITY_PROBLEM, usabilityProblems } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();
const REPO_NODE_MODULES = path.join(__dirname, '../../node_modules');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs the page's snippet as a reader would save it, with the repository's `standardwebhooks`. */
async function runSnippet(code: string, secret: string): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-webhooks-'));
  symlinkSync(REPO_NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'receiver.mjs'), code);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(dir, 'receiver.mjs')], {
    env: { PATH: process.env.PATH, FXRATES_WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/hooks/fxrates`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`the snippet exited (${child.exitCode}): ${stderr}`);
    }
    try {
      await fetch(url, { method: 'GET' });
      return { url, stop };
    } catch {
      if (attempt > 100) {
        stop();
        throw new Error(`the snippet never listened: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * /docs, "Webhooks": reachable from the side navigation, every event type and each plan's endpoint
 * count as the domain defines them, nothing overflowing or inaccessible, and a verification snippet
 * that, run as shown, accepts a delivery signed the Standard Webhooks way and refuses a forged one.
 */
describe.each(PHONE_AND_DESKTOP)('/docs documents webhooks ($name)', ({ name, viewport }) => {
  const opened = usePagePerTest(viewport);

  async function openDocs(): Promise<Page> {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    await page.getByRole('heading', { level: 2, name: 'Webhooks', exact: true }).waitFor();
    return page;
  }

  it('is reachable from the side navigation', async () => {
    const page = await openDocs();
    if (name === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'On this page' });
      await nav.getByRole('link', { name: 'Webhooks', exact: true }).click();
    } else {
      await page.getByRole('combobox', { name: 'Jump to' }).selectOption('webhooks');
    }
    await page.waitForFunction(() => window.location.hash === '#webhooks');
    await page.waitForFunction(() => {
      const top = document.getElementById('webhooks')?.getBoundingClientRect().top ?? -1;
      return top >= 64 && top < window.innerHeight / 2;
    });
    expect(await page.getByRole('heading', { level: 2, name: 'Webhooks', exact: true }).isVisible()).toBe(
      true,
    );
  });

  it("lists every event type, each plan's endpoint count, and leaves the page usable", async () => {
    const page = await openDocs();
    const section = page.locator('section[aria-labelledby="webhooks"]');
    const types = await section
      .getByTestId('webhook-event-types')
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(types.map((type) => type.trim())).toEqual([...WEBHOOK_EVENT_TYPES]);

    const limits = section.getByTestId('webhook-plan-limits');
    for (const plan of PLAN_IDS) {
      const badge = limits.locator(`[data-plan="${plan}"]`);
      expect((await badge.innerText()).trim().toLowerCase()).toBe(
        `${PLANS[plan].name}: ${PLANS[plan].webhookEndpoints}`.toLowerCase(),
      );
    }

    const curl = await section.getByLabel('Create a webhook endpoint with curl', { exact: true }).innerText();
    expect(curl).toContain(`${baseUrl}/api/v1/webhooks`);
    expect(curl).toContain('-X POST');
    const body = JSON.parse(
      await section.getByLabel('Example webhook delivery body', { exact: true }).innerText(),
    ) as { type: string };
    expect(WEBHOOK_EVENT_TYPES).toContain(body.type);
    expect(await section.getByRole('button', { name: 'Copy Webhook verification in Node' }).isVisible()).toBe(
      true,
    );
    expect(
      await section.getByRole('link', { name: 'Webhooks page of your dashboard' }).getAttribute('href'),
    ).toBe('/dashboard/webhooks');

    await section.scrollIntoViewIfNeeded();
    expect(await usabilityProblems(page)).toEqual(NO_USABILITY_PROBLEM);
  });

  it('shows a verification snippet that, run as shown, accepts a signed delivery and refuses a forged one', async () => {
    const page = await openDocs();
    const code = await page.getByLabel('Webhook verification in Node', { exact: true }).innerText();
    expect(code).toContain("from 'standardwebhooks'");
    expect(code).toContain('new Webhook(');
    expect(code).toContain('.verify(');

    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const signer = new Webhook(secret);
    const receiver = await runSnippet(code, secret);
    try {
      const payload = JSON.stringify({
        id: 'evt_docs_test',
        type: WEBHOOK_EVENT_TYPES[0],
        createdAt: new Date().toISOString(),
        data: {},
      });
      const sentAt = new Date();
      const headers = {
        'content-type': 'application/json',
        'webhook-id': 'evt_docs_test',
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signer.sign('evt_docs_test', sentAt, payload),
      };
      const signed = await fetch(receiver.url, { method: 'POST', headers, body: payload });
      expect(signed.status).toBe(204);

      const forged = await fetch(receiver.url, {
        method: 'POST',
        headers,
        body: payload.replace('evt_docs_test', 'evt_docs_forged'),
      });
      expect(forged.status).toBe(400);

      const otherSecret = new Webhook(`whsec_${randomBytes(24).toString('base64')}`);
      const wrongKey = await fetch(receiver.url, {
        method: 'POST',
        headers: { ...headers, 'webhook-signature': otherSecret.sign('evt_docs_test', sentAt, payload) },
        body: payload,
      });
      expect(wrongKey.status).toBe(400);
    } finally {
      receiver.stop();
    }
  });
});

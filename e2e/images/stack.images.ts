/**
 * The images built from deploy/*.Dockerfile (scripts/images/build-images.sh) run as
 * docker-compose.yml says and serve the product: through the web container's nginx in Chromium and
 * over HTTP, the public API through its own container, mail through the worker; a remote is
 * released alone; every container stops on its stop signal with exit code 0 within its grace.
 */
import { ClosesImportRepository, ormConfig, User } from '@fxrates/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import type { Browser } from 'playwright-core';
import { dropDatabase } from '../cluster/run-resources';
import { createKeyViaApi } from '../support/accounts-api';
import { launchChromium, openPage } from '../support/browser';
import { freePort } from '@fxrates/testing';
import { ConverterPanel } from '../support/home-page';
import { waitForHttpOk } from '../support/wait-for-http';
import { bodyOf, verificationTokenMailed } from '../../services/api/test/support/verification-mail';
import { startSmtpSink, type SmtpSink } from '../../services/worker/test/support/smtp-sink';
import { until } from '../../services/worker/test/support/waiting';
import { logsOf, podman, removeAll, stateOf } from './podman';
import {
  REMOTES,
  backendPlan,
  containerName,
  start,
  webPlan,
  writeSecrets,
  type ContainerPlan,
  type Remote,
  type StackSettings,
} from './stack';

const DATABASE = process.env.IMAGES_DATABASE ?? 'fxrates_images';
const POSTGRES = process.env.IMAGES_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_DB = process.env.IMAGES_REDIS_DB ?? '9';
const REMOTE_VERSION = process.env.REMOTE_VERSION ?? '0.1.0';
const REMOTE_NEXT_VERSION = process.env.REMOTE_NEXT_VERSION ?? '0.1.1';

/** Ports Chromium refuses to open (net/base/port_util.cc) are all below 10100 but 10080. */
async function browserSafePort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port > 10_100) return port;
  }
}

describe('the images, run as compose runs them', () => {
  let settings: StackSettings;
  let smtp: SmtpSink;
  let browser: Browser;
  let web: string;
  /** The stack's database, once the migration has created it. */
  let orm: MikroORM | undefined;
  const started: ContainerPlan[] = [];

  const remoteUrl = (remote: Remote) => `http://localhost:${settings.ports[remote]}`;

  /** Starts a container and waits until it answers `readyUrl`, with its logs in the error if not. */
  async function startAndWait(plan: ContainerPlan, readyUrl: string): Promise<void> {
    const name = await start(plan);
    started.push(plan);
    try {
      await waitForHttpOk(readyUrl, { timeoutMs: 120_000 });
    } catch (error) {
      const state = await stateOf(name).catch(() => undefined);
      throw new Error(
        `${name} (${plan.image}) did not become ready: ${(error as Error).message}\n` +
          `state: ${JSON.stringify(state)}\n${await logsOf(name)}`,
      );
    }
  }

  beforeAll(async () => {
    await removeAll();
    smtp = await startSmtpSink();
    settings = {
      ports: {
        web: await browserSafePort(),
        marketing: await browserSafePort(),
        dashboard: await browserSafePort(),
        billing: await browserSafePort(),
        api: await browserSafePort(),
        apiPublic: await browserSafePort(),
        workerHealth: await browserSafePort(),
        smtp: smtp.port,
      },
      databaseUrl: `${POSTGRES}/${DATABASE}`,
      redisUrl: `redis://127.0.0.1:6379/${REDIS_DB}`,
      redisKeyPrefix: 'fximg:',
      imageTag: process.env.IMAGE_TAG ?? 'ci',
      versions: { marketing: REMOTE_VERSION, dashboard: REMOTE_VERSION, billing: REMOTE_VERSION },
      secretsDir: writeSecrets(),
    };
    web = `http://localhost:${settings.ports.web}`;
    // A database and a Redis db of our own, from nothing: the migration creates the database.
    await dropDatabase(settings.databaseUrl);
    const redis = new Redis(settings.redisUrl);
    await redis.flushdb();
    redis.disconnect();

    const migrate = await start(backendPlan(settings, 'migrate'));
    const exitCode = Number(await podman(['wait', migrate], { timeoutMs: 600_000 }));
    if (exitCode !== 0) throw new Error(`migrate exited ${exitCode}:\n${await logsOf(migrate)}`);
    orm = new MikroORM(ormConfig({ url: settings.databaseUrl, poolMax: 1 }));

    const { ports } = settings;
    await startAndWait(backendPlan(settings, 'api'), `http://127.0.0.1:${ports.api}/api/health/ready`);
    await startAndWait(
      backendPlan(settings, 'api-public'),
      `http://127.0.0.1:${ports.apiPublic}/api/health/ready`,
    );
    await startAndWait(
      backendPlan(settings, 'worker'),
      `http://127.0.0.1:${ports.workerHealth}/health/ready`,
    );
    for (const remote of REMOTES)
      await startAndWait(webPlan(settings, remote), `${remoteUrl(remote)}/healthz`);
    await startAndWait(webPlan(settings, 'web'), `${web}/healthz`);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await orm?.close();
    await removeAll();
    await smtp?.close();
  });

  it('the migration created the database and imported the bundled rate history', async () => {
    // The compose file's migrate service imports the bundled ECB closes.
    const client = new Client({ connectionString: settings.databaseUrl });
    await client.connect();
    try {
      const { days } = await new ClosesImportRepository(client).storedSpan('ecb');
      expect(days).toBeGreaterThan(1000);
    } finally {
      await client.end();
    }
  });

  it("each container's compose health check passes inside its image", async () => {
    for (const plan of started) {
      expect(plan.healthcheck).toBeDefined();
      await podman(['exec', containerName(plan.name), ...plan.healthcheck!]);
    }
  });

  it("serves the landing page through the web container's nginx: it paints, loads the remotes from their containers and converts", async () => {
    const { page, context, pageErrors, cspMessages } = await openPage(browser);
    const remoteFiles: string[] = [];
    page.on('response', (response) => {
      if (/\/remotes\//.test(response.url()) && response.ok()) remoteFiles.push(response.url());
    });
    const converter = new ConverterPanel(page);
    await converter.open(web);
    await converter.setAmount('100');
    const [convert] = await Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${web}/api/rates/convert`)),
      converter.convertButton.click(),
    ]);
    expect(convert.status()).toBe(200);
    await page.waitForFunction(() =>
      /^100\.0000 USD = \d+\.\d{4} EUR$/.test(
        document.querySelector('[data-testid="convert-result"]')?.textContent?.trim() ?? '',
      ),
    );
    expect(
      remoteFiles.some((url) =>
        url.startsWith(`${remoteUrl('marketing')}/remotes/marketing/${REMOTE_VERSION}/`),
      ),
    ).toBe(true);
    const response = await page.request.get(`${web}/`);
    expect(response.headers()['content-security-policy']).toContain(remoteUrl('marketing'));
    expect(pageErrors).toEqual([]);
    expect(cspMessages).toEqual([]);
    await context.close();
  });

  it('each remote serves its manifest at its version, and /config.json names those versions', async () => {
    const config = (await (await fetch(`${web}/config.json`)).json()) as { remotes: Record<Remote, string> };
    for (const remote of REMOTES) {
      const manifestUrl = `${remoteUrl(remote)}/remotes/${remote}/${REMOTE_VERSION}/mf-manifest.json`;
      expect(config.remotes[remote]).toBe(manifestUrl);
      const manifest = await fetch(manifestUrl);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(((await manifest.json()) as { name?: string }).name).toBeDefined();
    }
  });

  it('signs up through nginx, verifies the address from the mail the worker sent, and creates a key; the public-API container meters a call and streams', async () => {
    const email = `images-${Date.now()}@example.test`;
    const registered = await fetch(`${web}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ima', lastName: 'Ges', email, password: 'images-password-123' }),
    });
    expect(registered.status).toBe(201);
    const { accessToken } = (await registered.json()) as { accessToken: string };
    const token = await verificationTokenMailed(smtp, email);
    const verified = await fetch(`${web}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);
    // Streams need a plan with them; billing (PayPal) is off in this stack.
    await orm!.em.fork().nativeUpdate(User, { email }, { plan: 'professional' });
    const { key } = await createKeyViaApi(web, accessToken, 'images');

    const publicApi = `http://127.0.0.1:${settings.ports.apiPublic}`;
    const latest = await fetch(`${publicApi}/api/v1/rates/latest?base=USD&symbols=EUR`, {
      headers: { 'X-API-Key': key },
    });
    expect(latest.status).toBe(200);
    expect(((await latest.json()) as { rates: Record<string, number> }).rates.EUR).toBeGreaterThan(0);
    const usage = await fetch(`${publicApi}/api/v1/usage`, { headers: { 'X-API-Key': key } });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({ plan: 'professional', used: 1 });
    // Only the public API there.
    expect((await fetch(`${publicApi}/api/auth/me`)).status).toBe(404);

    const aborter = new AbortController();
    const stream = await fetch(`${publicApi}/api/v1/stream?symbols=EUR&base=USD`, {
      headers: { 'X-API-Key': key },
      signal: aborter.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = stream.body!.getReader();
    let received = '';
    while (!/event: snapshot\n[^]*?\n\n/.test(received)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    aborter.abort();
    expect(received).toMatch(/event: snapshot\n/);
    expect(received).toContain('"EUR"');
  });

  it('sends the contact form through nginx, and the worker delivers it by SMTP', async () => {
    const { page, context, pageErrors, cspMessages } = await openPage(browser);
    const subject = `Images check ${Date.now()}`;
    await page.goto(`${web}/contact`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the images check');
    await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
    const [sent] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${web}/api/v1/contact`),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(sent.status()).toBe(202);
    await until(() => smtp.mails.some((mail) => bodyOf(mail).includes(`Subject: ${subject}`)), 60_000);
    expect(pageErrors).toEqual([]);
    expect(cspMessages).toEqual([]);
    await context.close();
  });

  it('releases the marketing remote alone: its new image keeps the previous release, the shell loads the new one', async () => {
    const shellImage = await podman(['inspect', '--format', '{{.Image}}', containerName('web')]);
    const manifestOf = async (version: string) => {
      const answer = await fetch(`${remoteUrl('marketing')}/remotes/marketing/${version}/mf-manifest.json`);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    // Its files' names carry their content's hash: the new image must hold this very release.
    const released = await manifestOf(REMOTE_VERSION);
    settings = { ...settings, versions: { ...settings.versions, marketing: REMOTE_NEXT_VERSION } };
    await startAndWait(webPlan(settings, 'marketing'), `${remoteUrl('marketing')}/healthz`);
    await startAndWait(webPlan(settings, 'web'), `${web}/healthz`);
    expect(await podman(['inspect', '--format', '{{.Image}}', containerName('web')])).toBe(shellImage);

    expect(await manifestOf(REMOTE_NEXT_VERSION)).not.toBe(released);
    expect(await manifestOf(REMOTE_VERSION)).toBe(released);
    const config = (await (await fetch(`${web}/config.json`)).json()) as { remotes: Record<Remote, string> };
    expect(config.remotes.marketing).toBe(
      `${remoteUrl('marketing')}/remotes/marketing/${REMOTE_NEXT_VERSION}/mf-manifest.json`,
    );

    const { page, context, pageErrors, cspMessages } = await openPage(browser);
    const marketingFiles: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/remotes/marketing/') && response.ok())
        marketingFiles.push(response.url());
    });
    await new ConverterPanel(page).open(web);
    expect(marketingFiles.length).toBeGreaterThan(0);
    expect(marketingFiles.every((url) => url.includes(`/remotes/marketing/${REMOTE_NEXT_VERSION}/`))).toBe(
      true,
    );
    expect(pageErrors).toEqual([]);
    expect(cspMessages).toEqual([]);
    await context.close();
  });

  it('stops every container on its stop signal with exit code 0 within its grace', async () => {
    const running = [...new Map(started.map((plan) => [plan.name, plan])).values()];
    const exits: Record<string, number> = {};
    for (const plan of running) {
      const name = containerName(plan.name);
      // Past the grace podman kills the container (exit code 137), so 0 means it stopped in time.
      await podman(['stop', '--time', String(plan.graceSeconds), name], { timeoutMs: 120_000 });
      exits[plan.name] = (await stateOf(name)).ExitCode;
    }
    expect(exits).toEqual(Object.fromEntries(running.map((plan) => [plan.name, 0])));
  });
});

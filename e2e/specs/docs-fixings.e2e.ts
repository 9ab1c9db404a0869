import { DEFAULT_FIXING_CUTS } from '@fxrates/domain';
import canonicalize from 'canonicalize';
import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { EXAMPLE_ANSWERS } from '../../frontends/marketing/src/docs/example-answers';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { waitForText } from '../support/texts';
import { NO_USABILITY_PROBLEM, usabilityProblems } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();
const REPO_NODE_MODULES = path.join(__dirname, '../../node_modules');

type Fixing = Record<string, unknown> & { id: string; rates: Record<string, string> };

/** The page's example fixing signed with a key made here, and the JWKS that holds its public half. */
async function signedExample(): Promise<{ fixing: Fixing; jwks: { keys: object[] } }> {
  const { signature: _example, ...document } = EXAMPLE_ANSWERS.fixing.body as Fixing;
  const { privateKey, publicKey } = await generateKeyPair('Ed25519');
  const kid = 'docs-e2e';
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(document)))
    .setProtectedHeader({ alg: 'EdDSA', kid })
    .sign(privateKey);
  return {
    fixing: {
      ...(document as Fixing),
      signature: { alg: 'EdDSA', kid, jws: `${jws.protected}..${jws.signature}` },
    },
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }] },
  };
}

/** A loopback stand-in of the API for the snippet: the fixing by its id, and the keys at the origin. */
async function standIn(
  fixing: Fixing,
  jwks: object,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const body =
      req.url === '/.well-known/jwks.json'
        ? jwks
        : req.url === `/api/v1/fixings/${fixing.id}`
          ? fixing
          : undefined;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body ?? { code: 'not-found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs the page's snippet as a reader would save it, with the repository's `jose` and `canonicalize`. */
async function runSnippet(code: string): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-fixings-'));
  try {
    symlinkSync(REPO_NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
    writeFileSync(path.join(dir, 'verify.mjs'), code);
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'verify.mjs')], {
      env: { PATH: process.env.PATH, FXRATES_API_KEY: 'fxrates_docs_e2e' },
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * /docs, "Fixings": reachable from the side navigation, every cut named, nothing overflowing, the SDK's
 * verification shown, and a jose snippet that, run as shown, accepts the fixing signed and refuses it
 * with one digit changed.
 */
describe.each(PHONE_AND_DESKTOP)('/docs documents fixings ($name)', ({ name, viewport }) => {
  const opened = usePagePerTest(viewport);

  async function openDocs(): Promise<Page> {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    await page.getByRole('heading', { level: 2, name: 'Fixings', exact: true }).waitFor();
    return page;
  }

  it('is reachable from the side navigation', async () => {
    const page = await openDocs();
    if (name === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'On this page' });
      await nav.getByRole('link', { name: 'Fixings', exact: true }).click();
    } else {
      await page.getByRole('combobox', { name: 'Jump to' }).selectOption('fixings');
    }
    await page.waitForFunction(() => window.location.hash === '#fixings');
    await page.waitForFunction(() => {
      const top = document.getElementById('fixings')?.getBoundingClientRect().top ?? -1;
      return top >= 64 && top < window.innerHeight / 2;
    });
    expect(await page.getByRole('heading', { level: 2, name: 'Fixings', exact: true }).isVisible()).toBe(
      true,
    );
  });

  it("names every cut, shows the SDK's verification and leaves the page usable", async () => {
    const page = await openDocs();
    const section = page.locator('section[aria-labelledby="fixings"]');
    const cuts = await section.locator('tbody tr td:first-child').allInnerTexts();
    expect(cuts.map((cut) => cut.trim())).toEqual(DEFAULT_FIXING_CUTS.map((cut) => cut.name));
    expect(await section.getByRole('link', { name: '/.well-known/jwks.json' }).getAttribute('href')).toBe(
      `${baseUrl}/.well-known/jwks.json`,
    );

    const sdk = await section
      .getByLabel('Fixing verification with @fxrates/sdk', { exact: true })
      .innerText();
    expect(sdk).toContain(`import { createFxRatesClient, verifyFixing } from '@fxrates/sdk';`);
    expect(sdk).toContain("await fx.verifiedFixing('fix_ECB_20240315');");
    expect(sdk).toContain('await verifyFixing(fixing, jwks);');

    await section.scrollIntoViewIfNeeded();
    expect(await usabilityProblems(page)).toEqual(NO_USABILITY_PROBLEM);
  });

  it('shows a jose snippet that, run as shown, accepts the signed fixing and refuses a one-digit tamper', async () => {
    const page = await openDocs();
    const section = page.locator('section[aria-labelledby="fixings"]');
    await section.getByRole('tab', { name: 'jose' }).click();
    const code = await section.getByLabel('Fixing verification with jose', { exact: true }).innerText();
    expect(code).toContain(`${baseUrl}/api/v1/fixings/fix_ECB_20240315`);
    expect(code).toContain(`${baseUrl}/.well-known/jwks.json`);

    const { fixing, jwks } = await signedExample();
    const tampered = { ...fixing, rates: { ...fixing.rates, EUR: fixing.rates.EUR.replace(/2$/, '3') } };
    expect(tampered.rates.EUR).not.toBe(fixing.rates.EUR);
    for (const [served, expected] of [
      [fixing, { ok: true, output: 'valid, signed by key docs-e2e\n' }],
      [tampered, { ok: false, output: expect.stringContaining('signature verification failed') }],
    ] as const) {
      const api = await standIn(served, jwks);
      try {
        await expect(runSnippet(code.replaceAll(baseUrl, api.origin))).resolves.toEqual(expected);
      } finally {
        await api.close();
      }
    }
  });
});

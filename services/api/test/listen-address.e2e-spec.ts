import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createApp } from '../src/app.factory';
import { listen } from '../src/listen';
import { freePort } from '@fxrates/testing';
import { testConfig } from './test-config';

/** This machine's addresses other than loopback (link-local ones need a scope: left out). */
function otherAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && !i.internal && !i.address.startsWith('fe80:'))
    .map((i) => i!.address);
}

/** 'open' when a TCP connection to host:port is accepted, else the error code (ECONNREFUSED…). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

/** The API as main.ts starts it (createApp, then listen on the configured address), in development. */
async function startDevelopmentApi(overrides: Record<string, string> = {}) {
  const config = testConfig({
    NODE_ENV: 'development',
    API_PORT: String(await freePort()),
    // Given, so that this test does not create the development secrets file in the checkout.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    ...overrides,
  });
  const app = await createApp(config);
  return { app, address: await listen(app, config) };
}

describe('where the API listens', () => {
  it('in development, on 127.0.0.1 only: nobody else on the network reaches it', async () => {
    const { app, address } = await startDevelopmentApi();
    try {
      expect(address.address).toBe('127.0.0.1');
      expect(await tryConnect('127.0.0.1', address.port)).toBe('open');
      for (const host of otherAddresses()) {
        expect([host, await tryConnect(host, address.port)]).toEqual([host, 'ECONNREFUSED']);
      }
    } finally {
      await app.close();
    }
  });

  it('on the interface API_HOST names, e.g. every interface for a container', async () => {
    const { app, address } = await startDevelopmentApi({ API_HOST: '0.0.0.0' });
    try {
      expect(address.address).toBe('0.0.0.0');
      for (const host of otherAddresses().filter((a) => !a.includes(':'))) {
        expect([host, await tryConnect(host, address.port)]).toEqual([host, 'open']);
      }
    } finally {
      await app.close();
    }
  });
});

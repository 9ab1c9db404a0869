import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchSdkDownload, sdkInstallCommand, sdkTarballUrl, type SdkDownload } from './downloads';

const SDK: SdkDownload = {
  name: '@fxrates/sdk',
  version: '0.1.0',
  file: 'fxrates-sdk-0.1.0.tgz',
  latest: 'fxrates-sdk-latest.tgz',
  integrity: 'sha512-x',
  size: 1,
};

describe('the SDK download the docs page offers', () => {
  it('installs the versioned tarball from the page origin, the latest one until the manifest is read', () => {
    expect(sdkInstallCommand('https://fx.example', SDK)).toBe(
      'npm install https://fx.example/downloads/fxrates-sdk-0.1.0.tgz',
    );
    expect(sdkTarballUrl('https://fx.example', null)).toBe(
      'https://fx.example/downloads/fxrates-sdk-latest.tgz',
    );
  });

  describe('reading downloads/sdk.json', () => {
    let server: Server;
    let origin: string;
    let answer: { status: number; body: string };

    beforeAll(async () => {
      server = createServer((request, response) => {
        response.writeHead(request.url === '/downloads/sdk.json' ? answer.status : 404, {
          'Content-Type': 'application/json',
        });
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('gives the manifest', async () => {
      answer = { status: 200, body: JSON.stringify(SDK) };
      expect(await fetchSdkDownload(origin)).toEqual(SDK);
    });

    it.each([
      ['a 404', 404, '{}'],
      ['something else than JSON', 200, '<html>'],
      ['a file name that is not the tarball', 200, JSON.stringify({ ...SDK, file: '../../evil.tgz' })],
    ])('gives null for %s', async (_what, status, body) => {
      answer = { status, body };
      expect(await fetchSdkDownload(origin)).toBeNull();
    });

    it('gives null when nothing answers', async () => {
      expect(await fetchSdkDownload('http://127.0.0.1:9')).toBeNull();
    });
  });
});

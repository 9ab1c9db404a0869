import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, 'find-chromium.mjs');

/** A directory holding an executable file `name` (a stand-in for an installed browser). */
function fakeInstallation(name: string): { dir: string; binary: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fxrates-chromium-'));
  const binary = path.join(dir, name);
  fs.writeFileSync(binary, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return { dir, binary };
}

const find = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    encoding: 'utf8',
  });

describe('find-chromium (the browser the e2e tests and Lighthouse drive)', () => {
  it('takes CHROMIUM_PATH as it is', () => {
    const { binary } = fakeInstallation('my-chromium');
    const result = find({ CHROMIUM_PATH: binary });
    expect(result.stdout).toBe(`${binary}\n`);
    expect(result.status).toBe(0);
  });

  it('refuses a CHROMIUM_PATH that is not an executable, with the install lines', () => {
    const result = find({ CHROMIUM_PATH: path.join(os.tmpdir(), 'no-such-chromium') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not an executable file');
    expect(result.stderr).toContain('brew install --cask chromium');
    expect(result.stderr).toContain('apt-get install -y chromium');
    expect(result.stderr).toContain('winget install');
  });

  it("honours chrome-launcher's CHROME_PATH", () => {
    const { binary } = fakeInstallation('chrome');
    const result = find({ CHROME_PATH: binary });
    expect(result.stdout).toBe(`${binary}\n`);
  });

  it('finds a Chrome installed anywhere on the PATH, not only at /usr/bin/chromium', () => {
    const { dir, binary } = fakeInstallation('google-chrome-stable');
    const result = find({ PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(result.stdout).toBe(`${binary}\n`);
    expect(result.status).toBe(0);
  });
});

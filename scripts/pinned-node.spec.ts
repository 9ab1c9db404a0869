import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pinned = read('.nvmrc').trim();

/** One Node everywhere: .nvmrc is the pin; npm start, npm test, CI and the images take it from there. */
describe('the pinned Node', () => {
  it('is a supported LTS, and engines, both Dockerfiles and the base image script agree with it', () => {
    expect(pinned).toMatch(/^26\.\d+\.\d+$/);
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${pinned} <27`);
    for (const dockerfile of ['deploy/backend.Dockerfile', 'deploy/web.Dockerfile']) {
      expect(read(dockerfile)).toContain(`ARG NODE_IMAGE=node:${pinned}-bookworm-slim`);
    }
    expect(read('scripts/images/base-images.sh')).toContain('.nvmrc');
    for (const entry of [
      'scripts/start.sh',
      'scripts/test.sh',
      '.ci/run',
      'scripts/images/build-and-run.sh',
    ]) {
      expect(read(entry)).toMatch(/^source scripts\/use-pinned-node\.sh$/m);
    }
  });

  it('is what a shell runs after use-pinned-node.sh, whatever Node comes first on its PATH', () => {
    // The machine's own Node first on the PATH (Debian's here, an older one on a laptop).
    const otherNode = fs.existsSync('/usr/bin/node') ? '/usr/bin' : path.dirname(process.execPath);
    const ran = execFileSync(
      'bash',
      ['-c', 'source scripts/use-pinned-node.sh >&2; node -p process.versions.node; command -v node'],
      { cwd: root, env: { ...process.env, PATH: `${otherNode}:${process.env.PATH}` }, encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    expect(ran[0]).toBe(pinned);
    if (
      execFileSync(`${otherNode}/node`, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() !==
      pinned
    ) {
      expect(ran[1]).toBe(path.join(root, '.local/node', pinned, 'bin/node'));
    }
  });
});

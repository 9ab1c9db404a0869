/**
 * The images check (deploy/README.md, "What CI checks"): the containers of the compose stack, started
 * from the images scripts/images/build-images.sh built. Not a project of the root jest config: it
 * needs those images, so scripts/images/build-and-run.sh runs it after building them.
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  displayName: 'images',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.images.ts'],
  transform: { '^.+\\.ts$': swc },
  testEnvironment: 'node',
  testTimeout: 180_000,
};

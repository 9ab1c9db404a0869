// ES-module-only packages, which jest's CommonJS runtime cannot require, are compiled to CommonJS by
// scripts/jest-esm-package-transformer.js: Tabler's per-icon modules (imported by web-kit), react-router 8
// with its route-pattern and cookie-es (the frontends), eventsource-parser 4 (SDK, SSE test client),
// kubernetes-models 5 with its validator's is-cidr (deploy tests; found by the resolver below), and
// MikroORM 7 with Kysely, its query runner (everything that reaches the database), and p-limit 7 with
// yocto-queue (password hashing, PayPal certificates), content-disposition 2 (@fastify/static's), jose 6
// and canonicalize 5 (signed fixings).
const ESM_ONLY_PACKAGES = [
  '@tabler/icons-react',
  'react-router',
  '@remix-run/route-pattern',
  'cookie-es',
  'eventsource-parser',
  'kubernetes-models',
  '@kubernetes-models',
  'is-cidr',
  'cidr-regex',
  '@mikro-orm',
  'kysely',
  'p-limit',
  'yocto-queue',
  'content-disposition',
  'jose',
  'canonicalize',
];

/** The jest options that compile those packages, with the SWC options the project's own files use. */
module.exports = function esmOnlyPackages(swcOptions) {
  return {
    transform: {
      '^.+/node_modules/.+\\.m?js$': [require.resolve('./jest-esm-package-transformer.js'), swcOptions],
    },
    // Also where npm nests one inside another package (…/node_modules/x/node_modules/content-disposition).
    transformIgnorePatterns: [`/node_modules/(?!(?:.*/node_modules/)?(?:${ESM_ONLY_PACKAGES.join('|')})/)`],
    resolver: require.resolve('./jest-esm-only-resolver.js'),
  };
};

/** The version this build of the marketing remote is published under (BUILD_VERSION at build time). */
export const MARKETING_RELEASE =
  typeof __FXRATES_BUILD_VERSION__ === 'string' ? __FXRATES_BUILD_VERSION__ : 'development';

/** The name of the `<meta>` in the page's head that carries MARKETING_RELEASE for operators. */
export const MARKETING_RELEASE_META = 'fxrates-marketing-release';

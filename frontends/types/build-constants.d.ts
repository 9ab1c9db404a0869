/** Defined by frontends/webpack.common.js (DefinePlugin): the version this build is published under. */
declare const __FXRATES_BUILD_VERSION__: string;
/** Defined by frontends/webpack.common.js: the version of each shared singleton this build provides. */
declare const __FXRATES_SHARED_SINGLETONS__: Readonly<Record<string, string>>;
/** Defined by frontends/webpack.common.js: the names each of the shell's facade modules shares (share key → names). */
declare const __FXRATES_SHARED_FACADES__: Readonly<Record<string, readonly string[]>>;

/**
 * The global where the browser specs' test environment leaves the name of a test that failed, for
 * usePagePerTest's afterEach to keep what its page showed (browser-environment.ts, browser.ts).
 */
export const FAILED_TEST_GLOBAL = '__FXRATES_FAILED_TEST__';

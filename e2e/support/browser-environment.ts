import type { Circus } from '@jest/types';
import { FastGlobalsEnvironment } from '../../libs/testing/jest/fast-globals-environment';
import { FAILED_TEST_GLOBAL } from './failed-test';

/**
 * jest's Node environment (with fast globals, fast-globals-environment.ts), telling the browser specs
 * which test failed (jest-circus reports a failure before the test's afterEach hooks run):
 * usePagePerTest then saves the page as it was.
 */
export default class BrowserTestEnvironment extends FastGlobalsEnvironment {
  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_fn_failure') this.global[FAILED_TEST_GLOBAL] = fullName(event.test);
  }
}

function fullName(test: Circus.TestEntry): string {
  const names: string[] = [test.name];
  let block: Circus.DescribeBlock | undefined = test.parent;
  for (; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) {
    names.unshift(block.name);
  }
  return names.join(' ');
}

import { TestEnvironment } from 'jest-environment-node';
import vm from 'node:vm';
import { FastGlobalsEnvironment } from './fast-globals-environment';

/** What jest hands an environment: the options it reads, nothing more. */
function environmentOf(Environment: typeof TestEnvironment): TestEnvironment {
  const config = {
    globalConfig: {},
    projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {}, testEnvironment: 'node' },
  } as unknown as ConstructorParameters<typeof TestEnvironment>[0];
  return new Environment(config, {
    console,
    docblockPragmas: {},
    testPath: __filename,
  } as ConstructorParameters<typeof TestEnvironment>[1]);
}

describe('the test environment with fast globals', () => {
  it('runs tests on an ordinary global, not on a contextified sandbox', async () => {
    const fast = environmentOf(FastGlobalsEnvironment);
    const jests = environmentOf(TestEnvironment);
    try {
      // A context made with DONT_CONTEXTIFY is its own global; a contextified sandbox is not.
      const fastContext = fast.getVmContext()!;
      const jestContext = jests.getVmContext()!;
      expect(vm.runInContext('globalThis', fastContext)).toBe(fastContext);
      expect(vm.runInContext('globalThis', jestContext)).not.toBe(jestContext);
      // Everything jest puts on the global is still there.
      expect(vm.runInContext('typeof Buffer + typeof setTimeout + typeof Math.abs', fastContext)).toBe(
        'functionfunctionfunction',
      );
    } finally {
      await fast.teardown();
      await jests.teardown();
    }
  });

  it('leaves vm.createContext as it found it', () => {
    const before = vm.createContext;
    environmentOf(FastGlobalsEnvironment);
    expect(vm.createContext).toBe(before);
  });
});

import { TestEnvironment } from 'jest-environment-node';
import vm from 'node:vm';

/**
 * jest's Node environment, with an ordinary global object. jest-environment-node hands
 * `vm.createContext` a Proxy to watch what tests put on the global, and a contextified global asks
 * that Proxy, through V8's interceptors, for every global a module names (`Math`, `JSON`, `Buffer`…),
 * uncached: hot library code runs many times slower than in Node (qrcode's PNG encoder 150 times).
 * A context made with `vm.constants.DONT_CONTEXTIFY` has a plain global whose lookups V8 caches; the
 * API tests took 19 % less CPU on it (docs/performance.md, "The test suite"). What is lost is jest's
 * sweep of globals a test file left behind, which matters little when each file gets a new context.
 *
 * The swap is scoped to jest's constructor, which reads `vm.createContext` when it runs; a jest that
 * stopped calling it would just get its own context back, as before.
 */
export class FastGlobalsEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    const contextify = vm.createContext;
    const replaceable = vm as { createContext: unknown };
    replaceable.createContext = () => contextify(vm.constants.DONT_CONTEXTIFY);
    try {
      super(...args);
    } finally {
      replaceable.createContext = contextify;
    }
  }
}

export default FastGlobalsEnvironment;

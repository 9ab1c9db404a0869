import { openGiven, type Given, type OpenGiven } from '@fxrates/testing';
import type { EntityManager } from '@mikro-orm/postgresql';
import { e2eEnvironment } from './e2e-environment';

let opened: OpenGiven | undefined;

/**
 * The factories on this worker's stack database, bound to the config the stack's API runs with.
 * Opened by the first test of a file that needs them, closed after the file.
 */
function stack(): OpenGiven {
  if (!opened) {
    const { databaseUrl, apiProcessEnv } = e2eEnvironment();
    opened = openGiven(databaseUrl, { ...process.env, ...apiProcessEnv });
  }
  return opened;
}

afterAll(async () => {
  const closing = opened;
  opened = undefined;
  await closing?.close();
});

/** The test factories (libs/testing) writing into the database of this worker's stack. */
export const given = new Proxy({} as Given, {
  get: (_target, factory) => stack().given[factory as keyof Given],
});

/** An entity manager of its own on the stack's database, for reading what the product stored. */
export function stackEm(): EntityManager {
  return stack().em();
}

import { API_TIMEOUT_MS } from '@fxrates/domain';
import { noResponseOutcome, outcomeOf, type TestOutcome } from './test-outcome';

/** Calls the public API with the key, exactly as a developer's code would, and reads the answer. */
export async function runKeyTest(url: string, apiKey: string, signal?: AbortSignal): Promise<TestOutcome> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      headers: { 'X-API-Key': apiKey, Accept: 'application/json' },
      credentials: 'omit',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return outcomeOf(response.status, await response.text());
  } catch {
    return noResponseOutcome();
  }
}

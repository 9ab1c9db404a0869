/** Polls `url` until it answers 200, or throws after `timeoutMs`. `abortIf` stops early with its message. */
export async function waitForHttpOk(
  url: string,
  {
    timeoutMs = 60_000,
    intervalMs = 250,
    abortIf,
  }: { timeoutMs?: number; intervalMs?: number; abortIf?: () => string | null } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const abortReason = abortIf?.();
    if (abortReason) throw new Error(abortReason);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${lastProblem})`);
}

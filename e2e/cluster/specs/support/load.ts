/** What one request of a load saw: its status, or the error of a request that got no answer. */
export interface Outcome {
  status: number;
  code?: string;
  error?: string;
  date?: string;
  backend?: string;
}

/** One GET, its body read; a connection error is an outcome too, never a throw. */
export async function get(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  try {
    const response = await fetch(url, { headers });
    const text = await response.text();
    let code: string | undefined;
    if (response.status >= 400) code = (JSON.parse(text) as { code?: string }).code;
    return {
      status: response.status,
      code,
      date: response.headers.get('date') ?? undefined,
      backend: response.headers.get('x-cluster-backend') ?? undefined,
    };
  } catch (error) {
    return { status: 0, error: String((error as Error).cause ?? error) };
  }
}

/** `clients` concurrent loops, each calling `request` until `keepGoing` says stop; every outcome. */
export async function hammer(
  clients: number,
  request: () => Promise<Outcome>,
  keepGoing: (outcome: Outcome) => boolean,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const outcome = await request();
        outcomes.push(outcome);
        if (!keepGoing(outcome)) return;
      }
    }),
  );
  return outcomes;
}

/** Counts of each status (or error) among the outcomes, e.g. { "200": 100, "429 quota-exceeded": 400 }. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code, error } of outcomes) {
    const name = error ? `error ${error}` : code ? `${status} ${code}` : String(status);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** Polls until `condition` holds; how long that took (ms), or throws after `timeoutMs`. */
export async function timeUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

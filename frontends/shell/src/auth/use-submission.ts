import { useCallback, useEffect, useRef, useState } from 'react';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * The server's answer to a form's submit (a new attempt clears any error; the busy state
 * is the form's own `submitting`). `run` resolves to the outcome, or to null when the form was
 * closed meanwhile, so that a late answer neither shows an error nor navigates.
 */
export function useSubmission() {
  const [error, setError] = useState<string | null>(null);
  const current = useRef(0);

  useEffect(() => {
    const attempts = current;
    return () => {
      attempts.current += 1;
    };
  }, []);

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<Outcome<T> | null> => {
    const attempt = ++current.current;
    setError(null);
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: await action() };
    } catch (caught) {
      outcome = { ok: false, error: caught };
    }
    return attempt === current.current ? outcome : null;
  }, []);

  return { error, setError, run };
}

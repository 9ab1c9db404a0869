import { useEffect, useState } from 'react';
import { executeRecaptcha, loadRecaptcha } from './recaptcha';

/** Placeholder token where no site key is configured: only an API without a reCAPTCHA secret accepts it. */
const UNCHECKED_TOKEN = 'recaptcha-not-configured';

export type RecaptchaState = 'loading' | 'ready' | 'failed';

/**
 * Loads reCAPTCHA v3 for the page. Without a site key (development) there is nothing to load and
 * the form sends a placeholder token, which only an API without a reCAPTCHA secret accepts.
 */
export function useRecaptcha(siteKey: string): { state: RecaptchaState; token: () => Promise<string> } {
  const [state, setState] = useState<RecaptchaState>(siteKey ? 'loading' : 'ready');

  useEffect(() => {
    if (!siteKey) return;
    let current = true;
    loadRecaptcha(siteKey).then(
      () => current && setState('ready'),
      (error: Error) => {
        console.error(error.message);
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [siteKey]);

  return { state, token: () => (siteKey ? executeRecaptcha(siteKey) : Promise.resolve(UNCHECKED_TOKEN)) };
}

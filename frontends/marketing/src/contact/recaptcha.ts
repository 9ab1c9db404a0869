/** The part of Google's reCAPTCHA v3 API the contact form uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
export const RECAPTCHA_ACTION = 'contact_form';

let loading: Promise<void> | undefined;

/** Loads Google's script once per page and resolves when grecaptcha is ready. */
export function loadRecaptcha(siteKey: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      if (window.grecaptcha) window.grecaptcha.ready(() => resolve());
      else reject(new Error('reCAPTCHA not loaded'));
    };
    script.onerror = () => {
      loading = undefined; // a later visit may try again
      reject(new Error('reCAPTCHA not loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A token for the contact action; the spec's messages when it cannot be had. */
export async function executeRecaptcha(siteKey: string): Promise<string> {
  if (!window.grecaptcha) throw new Error('reCAPTCHA not loaded');
  try {
    return await window.grecaptcha.execute(siteKey, { action: RECAPTCHA_ACTION });
  } catch {
    throw new Error('Failed to execute reCAPTCHA');
  }
}

import { Button, Checkbox, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CONTACT_TEXTS } from '@fxrates/domain';
import { errorMessage, useApi, useRuntimeConfig } from '@fxrates/web-kit';
import { useForm } from '@mantine/form';
import { useId, type FormEvent } from 'react';
import { sendBlockers } from './send-hint';
import { showSnackbar } from './show-snackbar';
import { useRecaptcha } from './use-recaptcha';

interface Fields {
  name: string;
  email: string;
  subject: string;
  message: string;
  consent: boolean;
}

const empty = (prefill: { name?: string; email?: string }): Fields => ({
  name: prefill.name ?? '',
  email: prefill.email ?? '',
  subject: '',
  message: '',
  consent: false,
});

/**
 * The contact form: Send Message is disabled while sending, until consent is given and
 * until reCAPTCHA has loaded, and says which of these holds it back (a live hint it is described by;
 * it stays focusable, aria-disabled, so that a keyboard or screen-reader user reaches the reason).
 * Success clears the form (keeping the signed-in user's email).
 */
export function ContactForm({ prefill = {} }: { prefill?: { name?: string; email?: string } }) {
  const { client } = useApi();
  const { recaptchaSiteKey } = useRuntimeConfig();
  const recaptcha = useRecaptcha(recaptchaSiteKey);
  const form = useForm<Fields>({ initialValues: empty(prefill) });
  const sending = form.submitting;
  const blockers = sendBlockers({ sending, consent: form.values.consent, recaptcha: recaptcha.state });
  const hintId = useId();

  async function submit(fields: Fields, event: FormEvent<HTMLFormElement> | undefined) {
    if (blockers.length > 0 || !event?.currentTarget.reportValidity()) return;
    try {
      if (recaptcha.state !== 'ready') throw new Error(CONTACT_TEXTS.recaptchaNotLoaded);
      const recaptchaToken = await recaptcha.token();
      const { name, email, subject, message } = fields;
      await client.post('/v1/contact', { name, email, subject, message, recaptchaToken });
      form.setValues(empty({ email: prefill.email }));
      showSnackbar('success', CONTACT_TEXTS.sent);
    } catch (error) {
      const text =
        error instanceof Error &&
        (error.message === CONTACT_TEXTS.recaptchaNotLoaded ||
          error.message === CONTACT_TEXTS.recaptchaFailed)
          ? error.message
          : errorMessage(error, CONTACT_TEXTS.failed);
      showSnackbar('error', text);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} aria-label="Contact form">
      <Stack gap="sm" maw={640}>
        <TextInput label="Name" required {...form.getInputProps('name')} maxLength={100} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} maxLength={254} />
        <TextInput label="Subject" required {...form.getInputProps('subject')} maxLength={200} />
        <Textarea label="Message" required rows={4} {...form.getInputProps('message')} maxLength={5000} />
        <Checkbox
          label={CONTACT_TEXTS.consent}
          required
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <div>
          <Button
            type="submit"
            loading={sending}
            data-disabled={blockers.length > 0 || undefined}
            aria-disabled={blockers.length > 0 || undefined}
            aria-describedby={blockers.length > 0 ? hintId : undefined}
          >
            {CONTACT_TEXTS.send}
          </Button>
          <Text id={hintId} size="sm" c="dimmed" mt={6} aria-live="polite" data-testid="send-hint">
            {blockers.join(' ')}
          </Text>
        </div>
      </Stack>
    </form>
  );
}

import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhookEndpoint } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { useCopiedConfirmation } from '../keys/OneTimeKey';
import { problemText } from '../sections/problem-text';
import { OneTimeSecret } from './OneTimeSecret';
import { PairsPicker } from './PairsPicker';
import {
  createWebhookRequestOf,
  newWebhookValues,
  webhookFormErrors,
  type WebhookFormValues,
} from './webhook-form';
import { EVENT_CHOICES, WEBHOOK_TEXTS } from './webhook-texts';
import { createEndpoint } from './webhooks-api';

/**
 * "Add endpoint": URL, description, the events (and, for rate.changed, the pairs and the minimum
 * change), then the signing secret once; closing it asks whether it was copied.
 */
export function AddEndpointDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { client } = useApi();
  const form = useForm<WebhookFormValues>({
    initialValues: newWebhookValues(),
    validate: webhookFormErrors,
  });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const close = () => onClose();
  // Cleared once the dialog has faded out: the secret does not turn back into the form on its way out.
  const clear = () => {
    form.reset();
    setError(null);
    setCreated(null);
  };
  const confirmation = useCopiedConfirmation(close);

  async function submit(values: WebhookFormValues) {
    setError(null);
    try {
      setCreated(await createEndpoint(client, createWebhookRequestOf(values)));
      onCreated();
    } catch (failure) {
      console.error('Failed to add a webhook endpoint', failure);
      setError(problemText(failure, WEBHOOK_TEXTS.createFailed));
    }
  }

  const values = form.getValues();
  return (
    <Modal
      opened={opened}
      onClose={created ? confirmation.requestClose : close}
      title={created ? WEBHOOK_TEXTS.secretTitle : WEBHOOK_TEXTS.addTitle}
      size={created ? 'md' : 'lg'}
      centered
      onExitTransitionEnd={clear}
    >
      {created ? (
        <OneTimeSecret
          secret={created.secret}
          url={created.endpoint.url}
          asking={confirmation.asking}
          onDone={confirmation.requestClose}
          onGoBack={confirmation.goBack}
          onConfirm={confirmation.confirm}
        />
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <TextInput
              label={WEBHOOK_TEXTS.urlLabel}
              description={WEBHOOK_TEXTS.urlDescription}
              placeholder="https://example.com/webhooks/fxrates"
              type="url"
              required
              data-autofocus
              key={form.key('url')}
              {...form.getInputProps('url')}
            />
            <TextInput
              label={WEBHOOK_TEXTS.descriptionLabel}
              maxLength={200}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
            <Checkbox.Group
              label={WEBHOOK_TEXTS.eventsLabel}
              withAsterisk
              key={form.key('events')}
              {...form.getInputProps('events')}
            >
              <Stack gap="xs" mt={6}>
                {WEBHOOK_EVENT_TYPES.map((event) => (
                  <Checkbox key={event} value={event} label={event} description={EVENT_CHOICES[event]} />
                ))}
              </Stack>
            </Checkbox.Group>
            {values.events.includes('rate.changed') && (
              <>
                <PairsPicker
                  pairs={values.pairs}
                  onChange={(pairs) => form.setFieldValue('pairs', pairs)}
                  error={form.errors.pairs as string | undefined}
                />
                <TextInput
                  label={WEBHOOK_TEXTS.minChangeLabel}
                  description={WEBHOOK_TEXTS.minChangeDescription}
                  inputMode="decimal"
                  key={form.key('minChangePercent')}
                  {...form.getInputProps('minChangePercent')}
                />
              </>
            )}
            {error && (
              <Text c="red.8" size="sm" role="alert" data-testid="webhook-form-error">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                Add endpoint
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

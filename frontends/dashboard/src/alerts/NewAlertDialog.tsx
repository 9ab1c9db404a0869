import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RateAlertCondition, WebhookEndpointView } from '@fxrates/domain';
import { CurrencySelect, useApi } from '@fxrates/web-kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { problemText } from '../sections/problem-text';
import { alertFormErrors, createAlertRequestOf, newAlertValues, type AlertFormValues } from './alert-form';
import { ALERT_TEXTS, webhookReceivesAlerts } from './alert-words';
import { createAlert } from './alerts-api';
import classes from './alerts.module.css';

const CONDITIONS: { value: RateAlertCondition; label: string }[] = [
  { value: 'above', label: 'Goes above' },
  { value: 'below', label: 'Goes below' },
  { value: 'change', label: 'Moves by %' },
];

/**
 * "New alert": the pair, the condition (a level above or below, or a move of N % over a window),
 * hysteresis and cooldown (empty: the API's defaults), and the channel, with a hint when a webhook
 * alert would reach no endpoint.
 */
export function NewAlertDialog({
  opened,
  endpoints,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** The account's webhook endpoints; null when unknown (no hint then). */
  endpoints: WebhookEndpointView[] | null;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { client } = useApi();
  const conditionLabel = useId();
  const form = useForm<AlertFormValues>({ initialValues: newAlertValues(), validate: alertFormErrors });
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  async function submit(values: AlertFormValues) {
    setError(null);
    try {
      await createAlert(client, createAlertRequestOf(values));
      onCreated();
      close();
    } catch (failure) {
      console.error('Failed to create a rate alert', failure);
      setError(problemText(failure, ALERT_TEXTS.createFailed));
    }
  }

  const values = form.getValues();
  const noWebhook = values.channel === 'webhook' && endpoints !== null && !webhookReceivesAlerts(endpoints);
  return (
    <Modal opened={opened} onClose={close} title={ALERT_TEXTS.newTitle} size="lg" centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <div className={classes.pair}>
            <CurrencySelect
              label="Base currency"
              value={values.base}
              onChange={(code) => form.setFieldValue('base', code)}
              includeCrypto
            />
            <CurrencySelect
              label="Quote currency"
              value={values.quote}
              onChange={(code) => form.setFieldValue('quote', code)}
              includeCrypto
              error={form.errors.quote}
            />
          </div>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={conditionLabel}>
              Condition
            </Text>
            <SegmentedControl
              aria-labelledby={conditionLabel}
              data={CONDITIONS}
              fullWidth
              key={form.key('condition')}
              {...form.getInputProps('condition')}
            />
          </Stack>
          {values.condition === 'change' ? (
            <Group grow align="flex-start">
              <TextInput
                label="Move (%)"
                description="Either direction"
                inputMode="decimal"
                placeholder="2"
                key={form.key('changePercent')}
                {...form.getInputProps('changePercent')}
              />
              <TextInput
                label="Within (minutes)"
                description="The window it is measured over"
                inputMode="numeric"
                key={form.key('windowMinutes')}
                {...form.getInputProps('windowMinutes')}
              />
            </Group>
          ) : (
            <TextInput
              label="Level"
              description={`The rate of 1 ${values.base} in ${values.quote}`}
              inputMode="decimal"
              placeholder="1.10"
              key={form.key('level')}
              {...form.getInputProps('level')}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label="Hysteresis (%)"
              description="How far back it must go to re-arm (empty: default)"
              inputMode="decimal"
              key={form.key('hysteresisPercent')}
              {...form.getInputProps('hysteresisPercent')}
            />
            <TextInput
              label="Cooldown (minutes)"
              description="The least time between two alerts (empty: default)"
              inputMode="numeric"
              key={form.key('cooldownMinutes')}
              {...form.getInputProps('cooldownMinutes')}
            />
          </Group>
          <Radio.Group label="Channel" key={form.key('channel')} {...form.getInputProps('channel')}>
            <Group gap="lg" mt={6}>
              <Radio value="email" label="Email" />
              <Radio value="webhook" label="Webhook (alert.triggered)" />
            </Group>
          </Radio.Group>
          {noWebhook && (
            <Alert color="yellow" variant="light" data-testid="alert-no-webhook">
              <Text size="sm">{ALERT_TEXTS.noWebhook}</Text>
              <Anchor component={Link} to="/dashboard/webhooks" size="sm">
                Go to Webhooks
              </Anchor>
            </Alert>
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert" data-testid="alert-form-error">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Create alert
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Checkbox, Group, Stack } from '@mantine/core';
import type { NotificationSettings as Settings, QuotaAlertThreshold } from '@fxrates/domain';
import { ErrorAlert, errorMessage, LoadingState, useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
import {
  hasNotificationChanges,
  NOTIFICATION_API,
  NOTIFICATION_TEXTS,
  QUOTA_ALERT_OPTIONS,
  thresholdsOfValues,
} from './notification-settings';
import { SettingsSection } from './SettingsSection';

/**
 * The account page's Notifications section: a checkbox per quota alert (75, 90 and
 * 100 % of the monthly quota). Save sends the checked ones and is disabled while they are the saved
 * ones; the worker reads the choice when an alert is due.
 */
export function NotificationSettings() {
  const { client } = useApi();
  const [saved, setSaved] = useState<Settings | null>(null);
  const [chosen, setChosen] = useState<QuotaAlertThreshold[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<'saved' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    client.get<Settings>(NOTIFICATION_API).then(
      (loaded) => {
        if (!current) return;
        setSaved(loaded);
        setChosen(loaded.quotaAlerts);
      },
      (failure: unknown) => {
        console.error('Failed to load the notification settings', failure);
        if (current) setLoadFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [client]);

  const choose = (values: string[]) => {
    // A notice about the last save would be read as about the boxes as they are now.
    setNotice(null);
    setChosen(thresholdsOfValues(values));
  };

  const save = async () => {
    setError(null);
    setNotice(null);
    setSaving(true);
    try {
      const stored = await client.patch<Settings>(NOTIFICATION_API, { quotaAlerts: chosen });
      setSaved(stored);
      setChosen(stored.quotaAlerts);
      setNotice('saved');
    } catch (failure) {
      console.error('Failed to save the notification settings', failure);
      setError(errorMessage(failure, NOTIFICATION_TEXTS.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection
      title={NOTIFICATION_TEXTS.title}
      data-testid="notification-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      error={error}
      errorTestId="notifications-error"
      success={notice === 'saved' ? NOTIFICATION_TEXTS.saved : null}
      successTestId="notifications-saved"
    >
      {loadFailed && <ErrorAlert message={NOTIFICATION_TEXTS.loadFailed} data-testid="notifications-error" />}
      {!saved && !loadFailed && <LoadingState />}
      {saved && (
        <>
          <Checkbox.Group
            label={NOTIFICATION_TEXTS.quotaAlerts}
            description={NOTIFICATION_TEXTS.description}
            value={chosen.map(String)}
            onChange={choose}
          >
            <Stack gap="xs" mt="xs">
              {QUOTA_ALERT_OPTIONS.map(({ threshold, label }) => (
                <Checkbox key={threshold} value={String(threshold)} label={label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={saving} disabled={!hasNotificationChanges(saved, chosen)}>
              {NOTIFICATION_TEXTS.save}
            </Button>
          </Group>
        </>
      )}
    </SettingsSection>
  );
}

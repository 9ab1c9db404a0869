import {
  isQuotaAlertThreshold,
  normalizedThresholds,
  QUOTA_ALERT_THRESHOLDS,
  type NotificationSettings,
  type QuotaAlertThreshold,
} from '@fxrates/domain';

/** The account page's Notifications section: which quota alerts are emailed. */
export const NOTIFICATION_API = '/account/notifications';

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  quotaAlerts: 'Quota alerts by email',
  description:
    'Email me when my API calls reach these shares of the monthly quota. A threshold turned off is not ' +
    'emailed when it is reached, nor later that month.',
  save: 'Save',
  saved: 'Your notification settings were saved.',
  saveFailed: 'Your notification settings could not be saved. Please try again.',
  loadFailed: 'Your notification settings could not be loaded.',
} as const;

/** One checkbox per threshold, lowest first: "75 % of the monthly quota", then "90 %", "100 %". */
export const QUOTA_ALERT_OPTIONS: ReadonlyArray<{ threshold: QuotaAlertThreshold; label: string }> =
  QUOTA_ALERT_THRESHOLDS.map((threshold, index) => ({
    threshold,
    label: index === 0 ? `${threshold} % of the monthly quota` : `${threshold} %`,
  }));

/** The thresholds of the checkbox group's values ("75", "100"), as the API stores them. */
export function thresholdsOfValues(values: readonly string[]): QuotaAlertThreshold[] {
  return normalizedThresholds(values.map(Number).filter(isQuotaAlertThreshold));
}

/** Whether the checked thresholds differ from the saved ones (order aside). */
export function hasNotificationChanges(
  saved: NotificationSettings,
  chosen: readonly QuotaAlertThreshold[],
): boolean {
  return normalizedThresholds(saved.quotaAlerts).join() !== normalizedThresholds(chosen).join();
}

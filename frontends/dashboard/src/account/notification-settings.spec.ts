import { hasNotificationChanges, QUOTA_ALERT_OPTIONS, thresholdsOfValues } from './notification-settings';

describe('the notification settings', () => {
  it('offers the three thresholds, lowest first, the first saying what they are of', () => {
    expect(QUOTA_ALERT_OPTIONS.map((o) => o.label)).toEqual(['75 % of the monthly quota', '90 %', '100 %']);
    expect(QUOTA_ALERT_OPTIONS.map((o) => o.threshold)).toEqual([75, 90, 100]);
  });

  it('reads the checked boxes as thresholds, ascending and each once', () => {
    expect(thresholdsOfValues(['100', '75'])).toEqual([75, 100]);
    expect(thresholdsOfValues(['90', '90'])).toEqual([90]);
    expect(thresholdsOfValues([])).toEqual([]);
    expect(thresholdsOfValues(['80', 'x', '100'])).toEqual([100]);
  });

  it('has something to save only when the checked thresholds differ from the saved', () => {
    expect(hasNotificationChanges({ quotaAlerts: [75, 90, 100] }, [75, 90, 100])).toBe(false);
    expect(hasNotificationChanges({ quotaAlerts: [75, 100] }, [100, 75])).toBe(false);
    expect(hasNotificationChanges({ quotaAlerts: [75, 100] }, [75])).toBe(true);
    expect(hasNotificationChanges({ quotaAlerts: [] }, [90])).toBe(true);
  });
});

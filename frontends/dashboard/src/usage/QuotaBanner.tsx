import { Alert, Anchor, Text } from '@mantine/core';
import type { AccountUsage } from '@fxrates/domain';
import { useDismissal } from '@fxrates/web-kit';
import { Link } from 'react-router';
import { quotaBanner } from './quota-banner';

/**
 * The dashboard's warning from 75 % of the month's quota on, rising at 90 % and 100 %, with the way
 * to more quota: the pricing page, or the contact page for the highest plan. Nothing below 75 %.
 * Closed, it stays closed in this tab until the next level or the next month.
 */
export function QuotaBanner({ usage }: { usage: AccountUsage | null }) {
  const banner = usage && quotaBanner(usage);
  const { dismissed, dismiss } = useDismissal(`quota:${banner?.level ?? 0}:${usage?.resetsAt ?? ''}`);
  if (!banner || dismissed) return null;
  return (
    <Alert
      color={banner.color}
      variant="light"
      mb="lg"
      title={banner.title}
      // Yellow and orange titles on their light background fail WCAG contrast: the tint and the
      // border carry the severity, the title keeps the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role={banner.level === 100 ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="quota-banner"
      data-level={banner.level}
    >
      <Text size="sm">{banner.detail}</Text>
      <Anchor component={Link} to={banner.link.to} size="sm" fw={600} mt={4} display="inline-block">
        {banner.link.label}
      </Anchor>
    </Alert>
  );
}

import { Badge } from '@mantine/core';
import type { ApiKeyKind } from '@fxrates/domain';
import { KIND_LABELS } from './key-texts';

/**
 * Light badges write in the colour's shade 9 on its shade 1: these colours read at 4.5:1 or more so
 * (teal and green do not, at 4.3 and 3.9).
 */
const COLORS: Record<ApiKeyKind, string> = { secret: 'brand', publishable: 'cyan', test: 'grape' };

export function KeyKindBadge({ kind }: { kind: ApiKeyKind }) {
  return (
    <Badge variant="light" color={COLORS[kind]} data-testid="key-kind">
      {KIND_LABELS[kind]}
    </Badge>
  );
}

import { Text } from '@mantine/core';
import { ShownOnce } from '../keys/ShownOnce';
import { WEBHOOK_TEXTS } from './webhook-texts';

const SECRET_SHOWN_ONCE = {
  shownOnce: WEBHOOK_TEXTS.shownOnce,
  copy: WEBHOOK_TEXTS.copySecret,
  copiedQuestion: WEBHOOK_TEXTS.copiedQuestion,
};

/**
 * A new endpoint's signing secret in full, with a copy button and the warning that it is shown this
 * once; closing asks whether it was copied (the keys' one-time dialog, useCopiedConfirmation).
 */
export function OneTimeSecret({
  secret,
  url,
  ...dialog
}: {
  secret: string;
  url: string;
  asking: boolean;
  onDone: () => void;
  onGoBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <ShownOnce
      secret={secret}
      texts={SECRET_SHOWN_ONCE}
      testId="new-webhook-secret"
      before={
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Endpoint added: {url}
        </Text>
      }
      {...dialog}
    />
  );
}

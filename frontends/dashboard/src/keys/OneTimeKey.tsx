import { Text } from '@mantine/core';
import type { CreatedApiKey } from '@fxrates/domain';
import { useState } from 'react';
import { KEY_TEXTS } from './key-texts';
import { retiringText } from './restrictions-summary';
import { ShownOnce } from './ShownOnce';

/**
 * The dialog state of a key shown once: every way of closing it (×, Escape, a click outside, Done)
 * first asks whether the key was copied, and only "I've copied it" closes; asked again, any of them
 * goes back to the key.
 */
export function useCopiedConfirmation(close: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    /** The dialog's onClose while the key is shown. */
    requestClose: () => setAsking((already) => !already),
    goBack: () => setAsking(false),
    confirm: () => {
      setAsking(false);
      close();
    },
  };
}

const KEY_SHOWN_ONCE = {
  shownOnce: KEY_TEXTS.shownOnce,
  copy: 'Copy key',
  copiedQuestion: KEY_TEXTS.copiedQuestion,
};

/** A new key in full, with a copy button and the warning that it is shown this once. */
export function OneTimeKey({
  created,
  ...dialog
}: {
  created: CreatedApiKey;
  asking: boolean;
  onDone: () => void;
  onGoBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <ShownOnce
      secret={created.key}
      texts={KEY_SHOWN_ONCE}
      testId="new-key"
      after={
        created.retiring && (
          <Text size="sm" data-testid="new-key-retiring">
            {retiringText(created.retiring)}.
          </Text>
        )
      }
      {...dialog}
    />
  );
}

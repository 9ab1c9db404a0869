import type { ModalProps } from '@mantine/core';

/** The Login and Create Account dialogs: a title that reads as one. */
export const DIALOG_STYLES: ModalProps['styles'] = {
  title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
};

import { notifications } from '@mantine/notifications';

let shownId: string | undefined;

/**
 * Shows the contact form's snackbar; a new message replaces the one shown. It
 * closes after the `autoClose` of the page's <Notifications> (6 s) or when dismissed.
 */
export function showSnackbar(kind: 'success' | 'error', text: string): void {
  if (shownId) notifications.hide(shownId);
  shownId = notifications.show({
    message: text,
    color: kind === 'success' ? 'teal' : 'red',
    role: kind === 'error' ? 'alert' : 'status',
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    'data-testid': 'snackbar',
  });
}

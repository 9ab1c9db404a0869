import type { RateAlertView } from '@fxrates/domain';
import { ConfirmDeleteDialog } from '../sections/ConfirmDeleteDialog';
import { ALERT_TEXTS, conditionWords } from './alert-words';
import { deleteAlert } from './alerts-api';

/** Confirms before an alert goes; a failure says why and keeps the dialog open. */
export function DeleteAlertDialog(props: {
  target: RateAlertView | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title={ALERT_TEXTS.deleteTitle}
      failedText={ALERT_TEXTS.deleteFailed}
      remove={(client, alert) => deleteAlert(client, alert.id)}
      consequence={(alert) => (
        <>
          <b>{conditionWords(alert)}</b> will no longer be watched. This cannot be undone.
        </>
      )}
    />
  );
}

import type { WebhookEndpointView } from '@fxrates/domain';
import { ConfirmDeleteDialog } from '../sections/ConfirmDeleteDialog';
import { WEBHOOK_TEXTS } from './webhook-texts';
import { deleteEndpoint } from './webhooks-api';

/** Confirms before an endpoint goes, with its delivery log; a failure says why and keeps it open. */
export function DeleteEndpointDialog(props: {
  target: WebhookEndpointView | null;
  onClose: () => void;
  onDeleted: (endpoint: WebhookEndpointView) => void;
}) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title={WEBHOOK_TEXTS.deleteTitle}
      failedText={WEBHOOK_TEXTS.deleteFailed}
      remove={(client, endpoint) => deleteEndpoint(client, endpoint.id)}
      consequence={(endpoint) => (
        <>
          No more events will be sent to <b>{endpoint.url}</b>, and its delivery log goes with it. This cannot
          be undone.
        </>
      )}
    />
  );
}

import type { UserRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useSendPasswordReset } from '../api/send-password-reset';

/** "Enviar enlace para restablecer la contraseña": the same one-time link as forgot-password. */
export function PasswordResetButton({ record, notify }: { record: UserRecord; notify: ScreenNotifier }) {
  const can = useCan();
  const send = useSendPasswordReset();
  if (!can('user.update')) return null;
  return (
    <Button
      type="button"
      label="Enviar enlace para restablecer la contraseña"
      icon="pi pi-envelope"
      outlined
      loading={send.isPending}
      onClick={() =>
        send.mutate(record.id, {
          onSuccess: ({ status }) => notify.success(status),
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    />
  );
}

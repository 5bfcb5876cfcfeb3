import type { UserRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { useUser } from '../../../lib/auth';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * Decision 035: "Restablecer verificación en dos pasos" for someone who lost their phone and their
 * recovery codes; shown only when the user has it, never on one's own account (Mi cuenta does that).
 */
export function TwoFactorResetButton({ record, notify }: { record: UserRecord; notify: ScreenNotifier }) {
  const can = useCan();
  const me = useUser();
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  if (!can('user.update') || !record.two_factor_enabled || me?.id === record.id) return null;

  const confirm = () =>
    reset.mutate(record.id, {
      onSuccess: () => {
        setAsking(false);
        notify.success(
          `Se ha restablecido la verificación en dos pasos de ${record.name}. Se le ha avisado por correo.`,
        );
      },
      onError: (error) => {
        setAsking(false);
        notify.error(errorMessage(error));
      },
    });

  return (
    <>
      <Button
        type="button"
        label="Restablecer verificación en dos pasos"
        icon="pi pi-shield"
        severity="danger"
        outlined
        onClick={() => setAsking(true)}
      />
      <Dialog
        visible={asking}
        onHide={() => setAsking(false)}
        header="Restablecer verificación en dos pasos"
        className="resource-dialog"
        footer={
          <>
            <Button type="button" label="Cancelar" text onClick={() => setAsking(false)} />
            <Button
              type="button"
              label="Restablecer"
              severity="danger"
              icon="pi pi-shield"
              loading={reset.isPending}
              autoFocus
              onClick={confirm}
            />
          </>
        }
      >
        <p>
          {record.name} podrá entrar solo con su contraseña hasta que vuelva a activar la verificación en dos
          pasos. Le avisaremos por correo.
        </p>
      </Dialog>
    </>
  );
}

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { useUser } from '../../../lib/auth';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { confirmPassword, passwordIsConfirmed } from '../api/two-factor-api';

/**
 * Laravel's password.confirm seen from the SPA: before a two-factor change, ask whether the password
 * was confirmed in the last three hours and, if not, ask for it in a dialog. `ensure()` resolves true
 * once confirmed, false when the person closes the dialog.
 */
export function usePasswordConfirmation(): { ensure: () => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const ensure = async () => {
    if (await passwordIsConfirmed()) return true;
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  };
  const close = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };
  return { ensure, dialog: <ConfirmPasswordDialog visible={open} onDone={close} /> };
}

function ConfirmPasswordDialog({ visible, onDone }: { visible: boolean; onDone: (ok: boolean) => void }) {
  const user = useUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    if (!password) {
      setError('password', { message: 'El campo contraseña es obligatorio.' });
      return;
    }
    try {
      await confirmPassword(password);
      reset({ password: '' });
      onDone(true);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['password'])) setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        reset({ password: '' });
        onDone(false);
      }}
      header="Confirme su contraseña"
      className="resource-dialog"
    >
      <p>Por seguridad, escriba su contraseña para continuar. No se la volveremos a pedir en tres horas.</p>
      {failure && <Notice severity="error">{failure}</Notice>}
      <form className="account-form" noValidate onSubmit={submit}>
        <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ''} readOnly />
        <TextField
          id="confirm_password"
          label="Contraseña"
          error={errors.password?.message}
          registration={register('password')}
          type="password"
          autoComplete="current-password"
          autoFocus
        />
        <Button type="submit" label="Confirmar" icon="pi pi-lock" loading={isSubmitting} />
      </form>
    </Dialog>
  );
}

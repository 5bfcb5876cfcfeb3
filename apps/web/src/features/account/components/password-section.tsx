import type { UpdatePasswordInput } from '@gestor/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useUser } from '../../../lib/auth';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { loadAuthContract } from '../../auth/contract';
import { updatePassword, useRefreshSessions } from '../api/account-api';
import { useOutcome } from './use-outcome';

type PasswordFields = z.input<typeof UpdatePasswordInput>;

const EMPTY: PasswordFields = { current_password: '', password: '', password_confirmation: '' };

/** "Contraseña": the current one, the new one twice; the other sessions end (the list shows it). */
export function PasswordSection() {
  const user = useUser();
  const refreshSessions = useRefreshSessions();
  const outcome = useOutcome();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFields, unknown, UpdatePasswordInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).UpdatePasswordInput),
    defaultValues: EMPTY,
  });

  const save = handleSubmit(async (input) => {
    const fields = ['current_password', 'password', 'password_confirmation'] as const;
    if (await outcome.run(() => updatePassword(input), setError, fields)) {
      reset(EMPTY);
      await refreshSessions();
    }
  });

  return (
    <section className="card account-card" aria-labelledby="account-password-heading">
      <h2 id="account-password-heading">Contraseña</h2>
      <p className="account-hint">
        Al menos 8 caracteres. Al cambiarla se cierran las demás sesiones abiertas con su cuenta; esta sigue
        abierta.
      </p>
      {outcome.notices}
      <form className="account-form" noValidate onSubmit={save}>
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ''} readOnly />
        <TextField
          id="current_password"
          label="Contraseña actual"
          error={errors.current_password?.message}
          registration={register('current_password')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          id="new_password"
          label="Nueva contraseña"
          error={errors.password?.message}
          registration={register('password')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          id="new_password_confirmation"
          label="Confirmar la nueva contraseña"
          error={errors.password_confirmation?.message}
          registration={register('password_confirmation')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton label="Cambiar la contraseña" icon="pi pi-lock" busy={isSubmitting} />
      </form>
    </section>
  );
}

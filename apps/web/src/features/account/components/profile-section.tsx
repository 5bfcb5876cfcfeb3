import type { UpdateProfileInput } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDateTime } from '../../../components/resource/format';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useUser } from '../../../lib/auth';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { loadAuthContract } from '../../auth/contract';
import { useCancelEmailChange, usePendingEmailChange, useUpdateProfile } from '../api/account-api';
import { useOutcome } from './use-outcome';

type ProfileFields = z.input<typeof UpdateProfileInput>;

/**
 * "Datos personales": the name at once; a new email asks for the current password and waits for the
 * link mailed to it, the account keeping its address until then.
 */
export function ProfileSection() {
  const user = useUser();
  const updateProfile = useUpdateProfile();
  const pending = usePendingEmailChange();
  const cancel = useCancelEmailChange();
  const outcome = useOutcome();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFields, unknown, UpdateProfileInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).UpdateProfileInput),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', current_password: '' },
  });
  const emailChanging = watch('email').trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const save = handleSubmit(async (input) => {
    const send = () => updateProfile(emailChanging ? input : { ...input, current_password: undefined });
    if (await outcome.run(send, setError, ['name', 'email', 'current_password'])) {
      resetField('current_password');
      // The account keeps its address until the link is followed: the field shows it again.
      resetField('email', { defaultValue: user?.email ?? '' });
    }
  });

  return (
    <section className="card account-card" aria-labelledby="account-profile-heading">
      <h2 id="account-profile-heading">Datos personales</h2>
      {outcome.notices}
      {pending.data && (
        <Notice severity="info">
          <p className="notice-line">
            Cambio de correo pendiente: confirme {pending.data.new_email} con el enlace que le enviamos
            (caduca el {formatDateTime(pending.data.expires_at)}).
          </p>
          <Button
            type="button"
            label="Cancelar el cambio"
            link
            className="account-inline-button"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, { onSuccess: () => outcome.setStatus('Cambio de correo cancelado.') })
            }
          />
        </Notice>
      )}
      <form className="account-form" noValidate onSubmit={save}>
        <TextField
          id="account-name"
          label="Nombre"
          error={errors.name?.message}
          registration={register('name')}
          autoComplete="name"
        />
        <TextField
          id="account-email"
          label="Correo electrónico"
          hint="Si lo cambia, le enviaremos un enlace a la nueva dirección para confirmarlo."
          error={errors.email?.message}
          registration={register('email')}
          type="email"
          autoComplete="email"
        />
        {emailChanging && (
          <TextField
            id="account-email-password"
            label="Contraseña actual"
            hint="Necesaria para cambiar el correo electrónico."
            error={errors.current_password?.message}
            registration={register('current_password')}
            type="password"
            autoComplete="current-password"
          />
        )}
        <SubmitButton label="Guardar" icon="pi pi-check" busy={isSubmitting} />
      </form>
    </section>
  );
}

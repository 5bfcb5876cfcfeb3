import type { UpdateProfileInput } from '@gestor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useUser } from '../../../lib/auth';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { loadAuthContract } from '../../auth/contract';
import { updateProfile } from '../api/account-api';

type ProfileFields = z.input<typeof UpdateProfileInput>;

/** "Datos personales": the name everyone sees in histories and lists. */
export function ProfileSection() {
  const user = useUser();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFields, unknown, UpdateProfileInput>({
    resolver: lazyZodResolver(async () => (await loadAuthContract()).UpdateProfileInput),
    defaultValues: { name: user?.name ?? '' },
  });

  const save = handleSubmit(async (input) => {
    setStatus(null);
    setFailure(null);
    try {
      setStatus((await updateProfile(input)).status);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['name'])) setFailure(errorMessage(error));
    }
  });

  return (
    <section className="card account-card" aria-labelledby="account-profile-heading">
      <h2 id="account-profile-heading">Datos personales</h2>
      {status && <Notice severity="success">{status}</Notice>}
      {failure && <Notice severity="error">{failure}</Notice>}
      <form className="account-form" noValidate onSubmit={save}>
        <TextField
          id="account-name"
          label="Nombre"
          error={errors.name?.message}
          registration={register('name')}
          autoComplete="name"
        />
        <dl className="account-static">
          <dt className="form-field-label">Correo electrónico</dt>
          <dd>{user?.email}</dd>
        </dl>
        <p className="account-hint">
          Para cambiar el correo electrónico con el que accede, pídalo a quien administra los usuarios.
        </p>
        <SubmitButton label="Guardar" icon="pi pi-check" busy={isSubmitting} />
      </form>
    </section>
  );
}

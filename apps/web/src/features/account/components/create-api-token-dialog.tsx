import type { CreateApiTokenInput, NewApiToken, Permission } from '@gestor/shared';
import { madridToday } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { DateControl } from '../../../components/controls/date-controls';
import { isUnreadableDate, unreadableDateMessage } from '../../../components/controls/spanish-date';
import { PermissionMatrix } from '../../../components/permissions/permission-matrix';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { useUser } from '../../../lib/auth';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useCreateApiToken } from '../api/api-tokens-api';
import { expiryOf } from '../api-token-expiry';

interface TokenFields {
  name: string;
  abilities: Permission[];
  /** The last day it works (`YYYY-MM-DD`, dd/mm/aaaa on screen), or null: until it is revoked. */
  expires_at: string | null;
}

const FIELDS = ['name', 'abilities', 'expires_at'] as const;

/** "Crear token": a name, its permissions among mine (the role form's matrix), an optional last day. */
export function CreateApiTokenDialog({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (token: NewApiToken) => void;
}) {
  const user = useUser();
  const create = useCreateApiToken();
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const matrixHintId = useId();
  const form = useForm<TokenFields>({ defaultValues: { name: '', abilities: [], expires_at: null } });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (isUnreadableDate(values.expires_at)) {
      setError(
        'expires_at',
        { type: 'client', message: unreadableDateMessage(false) },
        { shouldFocus: true },
      );
      return;
    }
    const input: CreateApiTokenInput = {
      name: values.name,
      abilities: values.abilities,
      expires_at: expiryOf(values.expires_at),
    };
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog
      visible
      onHide={onCancel}
      header="Crear token"
      className="api-token-dialog api-token-create-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      footer={
        <>
          <Button type="button" label="Cancelar" outlined onClick={onCancel} />
          <Button type="submit" form={formId} label="Crear token" icon="pi pi-key" loading={isSubmitting} />
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} className="api-token-form" noValidate onSubmit={submit}>
          {failure && <Notice severity="error">{failure}</Notice>}
          <TextField
            id={`${formId}-name`}
            label="Nombre"
            hint="Para reconocerlo: el programa o el servidor que lo usará."
            error={errors.name?.message}
            registration={register('name')}
            maxLength={100}
            autoComplete="off"
          />
          <fieldset className="api-token-abilities">
            <legend className="form-field-label">Permisos</legend>
            <p id={matrixHintId} className="account-hint">
              Solo puede darle permisos que usted tiene. Sin ninguno, el token solo sirve para saber quién es
              usted (<code>GET /api/user</code>).
            </p>
            <Controller
              control={control}
              name="abilities"
              render={({ field }) => (
                <PermissionMatrix
                  value={field.value}
                  onChange={field.onChange}
                  disabled={isSubmitting}
                  caption="Permisos del token"
                  grantable={user?.permissions ?? []}
                  hintId={matrixHintId}
                />
              )}
            />
            {errors.abilities?.message && (
              <p className="form-field-error" role="alert">
                {errors.abilities.message}
              </p>
            )}
          </fieldset>
          <DateControl
            name="expires_at"
            label="Caduca (opcional)"
            hint="Funciona hasta el final de ese día. Sin fecha, hasta que lo revoque."
            min={madridToday()}
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

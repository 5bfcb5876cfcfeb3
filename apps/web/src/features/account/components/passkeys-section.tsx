import { describeUserAgent, type Passkey } from '@gestor/shared';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../components/resource/format';
import { TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useUser } from '../../../lib/auth';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { passkeyFailure } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys-api';

interface AddFields {
  name: string;
  current_password: string;
}

const required = (label: string) => ({
  validate: (value: string) => value.trim() !== '' || `El campo ${label} es obligatorio.`,
});

/** "Llaves de acceso": sign in with no password, by the device's own lock or a security key. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [status, setStatus] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<Passkey | null>(null);
  const addButton = useRef<Button>(null);
  const supported = browserSupportsWebAuthn();

  const removeConfirmed = (passkey: Passkey) => {
    setStatus(null);
    remove.mutate(passkey.id, { onSuccess: () => setStatus(`Llave de acceso eliminada: ${passkey.name}.`) });
  };

  return (
    <section className="card account-card" aria-labelledby="account-passkeys-heading">
      <h2 id="account-passkeys-heading">Llaves de acceso</h2>
      <p className="account-hint">
        Con una llave de acceso entra sin contraseña, con la huella, la cara o el PIN de su dispositivo, o con
        una llave de seguridad. Vale por la contraseña y por la verificación en dos pasos.
      </p>
      {status && <Notice severity="success">{status}</Notice>}
      {remove.isError && <Notice severity="error">{errorMessage(remove.error)}</Notice>}
      {passkeys.isError && <Notice severity="error">{errorMessage(passkeys.error)}</Notice>}
      {passkeys.isPending && <p aria-busy="true">Cargando llaves de acceso…</p>}
      {passkeys.data?.length === 0 && <p>Todavía no tiene ninguna llave de acceso.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="account-sessions">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="account-session">
              <i className="pi pi-key" aria-hidden="true" />
              {renaming === passkey.id ? (
                <RenameForm
                  passkey={passkey}
                  onDone={(renamed) => {
                    setRenaming(null);
                    if (renamed) setStatus(`Llave de acceso renombrada: ${renamed}.`);
                  }}
                />
              ) : (
                <>
                  <div className="account-session-text">
                    <span className="account-session-device">{passkey.name}</span>
                    <span className="account-session-meta">
                      Añadida el {formatDateTime(passkey.created_at)} ·{' '}
                      {passkey.last_used_at
                        ? `último uso el ${formatDateTime(passkey.last_used_at)}`
                        : 'todavía sin usar'}
                      {passkey.backed_up && ' · sincronizada entre sus dispositivos'}
                    </span>
                  </div>
                  <div className="account-actions">
                    <Button
                      type="button"
                      label="Cambiar nombre"
                      aria-label={`Cambiar el nombre de ${passkey.name}`}
                      icon="pi pi-pencil"
                      outlined
                      size="small"
                      onClick={() => {
                        setStatus(null);
                        setRenaming(passkey.id);
                      }}
                    />
                    <Button
                      type="button"
                      label="Eliminar"
                      aria-label={`Eliminar ${passkey.name}`}
                      icon="pi pi-trash"
                      severity="danger"
                      outlined
                      size="small"
                      disabled={remove.isPending}
                      onClick={() => setToRemove(passkey)}
                    />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!supported && (
        <Notice severity="info">
          Este navegador no admite llaves de acceso: pruebe con otro más reciente.
        </Notice>
      )}
      {supported && !adding && (
        <Button
          ref={addButton}
          type="button"
          label="Añadir llave de acceso"
          icon="pi pi-plus"
          onClick={() => {
            setStatus(null);
            setAdding(true);
          }}
        />
      )}
      {supported && adding && (
        <AddForm
          onDone={(added) => {
            setAdding(false);
            if (added) setStatus(`Llave de acceso añadida: ${added}. Ya puede acceder con ella.`);
          }}
        />
      )}
      <ConfirmDialog
        visible={toRemove !== null}
        onHide={() => setToRemove(null)}
        header="Eliminar llave de acceso"
        message={
          toRemove &&
          `¿Eliminar «${toRemove.name}»? Ya no podrá acceder con ella; quítela también del dispositivo si no la va a usar.`
        }
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={() => toRemove && removeConfirmed(toRemove)}
      />
    </section>
  );
}

function AddForm({ onDone }: { onDone: (added: string | null) => void }) {
  const user = useUser();
  const add = useAddPasskey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddFields>({
    defaultValues: { name: describeUserAgent(navigator.userAgent), current_password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const created = await add({ name: input.name.trim(), current_password: input.current_password });
      onDone(created.name);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['name', 'current_password']))
        setFailure(passkeyFailure(error));
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Añadir llave de acceso">
      {failure && <Notice severity="error">{failure}</Notice>}
      <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ''} readOnly />
      <TextField
        id="passkey_name"
        label="Nombre de la llave"
        hint="Para reconocerla en esta lista, por ejemplo «Móvil» o «Llave USB»."
        error={errors.name?.message}
        registration={register('name', required('nombre'))}
        maxLength={100}
      />
      <TextField
        id="passkey_password"
        label="Contraseña actual"
        error={errors.current_password?.message}
        registration={register('current_password', required('contraseña actual'))}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <div className="account-actions">
        <SubmitButton label="Añadir" icon="pi pi-key" busy={isSubmitting} />
        <Button type="button" label="Cancelar" severity="secondary" text onClick={() => onDone(null)} />
      </div>
    </form>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: (renamed: string | null) => void }) {
  const rename = useRenamePasskey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: passkey.name } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const renamed = await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      onDone(renamed.name);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['name'])) setFailure(errorMessage(error));
    }
  });

  return (
    <form
      className="account-rename"
      noValidate
      onSubmit={submit}
      aria-label={`Cambiar el nombre de ${passkey.name}`}
    >
      {failure && <Notice severity="error">{failure}</Notice>}
      <TextField
        id={`passkey_rename_${passkey.id}`}
        label="Nombre de la llave"
        error={errors.name?.message}
        registration={register('name', required('nombre'))}
        maxLength={100}
        autoFocus
      />
      <div className="account-actions">
        <SubmitButton label="Guardar" icon="pi pi-check" busy={isSubmitting} />
        <Button type="button" label="Cancelar" severity="secondary" text onClick={() => onDone(null)} />
      </div>
    </form>
  );
}

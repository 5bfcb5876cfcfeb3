import type { ApiToken, NewApiToken } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { ApiTokenList } from '../../../components/api-tokens/api-token-list';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens-api';
import { CreateApiTokenDialog } from './create-api-token-dialog';
import { NewApiTokenDialog } from './new-api-token-dialog';

/**
 * "Tokens de API": what lets a program act as me through the API (Authorization: Bearer), limited to
 * the permissions I chose for it among mine.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [status, setStatus] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiToken | null>(null);
  const createButtonId = useId();

  const revokeToken = (token: ApiToken) => {
    setStatus(null);
    revoke.mutate(token.id, { onSuccess: () => setStatus(`Token revocado: «${token.name}».`) });
  };
  // WCAG 2.4.3: when the dialogs close, the focus goes back to where they were opened from.
  const focusCreate = () => requestAnimationFrame(() => document.getElementById(createButtonId)?.focus());

  return (
    <section className="card account-card" aria-labelledby="account-tokens-heading">
      <h2 id="account-tokens-heading">Tokens de API</h2>
      <p className="account-hint">
        Un token permite a un programa usar la API de Gestor en su nombre, con la cabecera{' '}
        <code>Authorization: Bearer</code>, y solo con los permisos que le dé entre los suyos. Revóquelo en
        cuanto deje de usarlo.
      </p>
      {status && <Notice severity="success">{status}</Notice>}
      {revoke.isError && <Notice severity="error">{errorMessage(revoke.error)}</Notice>}
      {tokens.isError && <Notice severity="error">{errorMessage(tokens.error)}</Notice>}
      {tokens.isPending && <p aria-busy="true">Cargando tokens…</p>}
      {tokens.data && (
        <ApiTokenList
          tokens={tokens.data}
          onRevoke={revokeToken}
          revoking={revoke.isPending ? revoke.variables : undefined}
          mayRevoke
          empty="Todavía no ha creado ningún token."
        />
      )}
      <Button
        id={createButtonId}
        type="button"
        label="Crear token"
        icon="pi pi-plus"
        onClick={() => {
          setStatus(null);
          setCreating(true);
        }}
      />
      {creating && (
        <CreateApiTokenDialog
          onCancel={() => {
            setCreating(false);
            focusCreate();
          }}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && (
        <NewApiTokenDialog
          token={created}
          onClose={() => {
            setCreated(null);
            setStatus(`Token creado: «${created.name}».`);
            focusCreate();
          }}
        />
      )}
    </section>
  );
}

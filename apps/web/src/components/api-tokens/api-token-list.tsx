import type { ApiToken } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { formatDateTime } from '../resource/format';
import { describeExpiry, permissionCount } from './api-token-text';
import './api-tokens.css';

// Issue 21, decision 037: a person's API tokens as Mi cuenta and the user form show them — name, how
// many permissions, last use, expiry — each with "Revocar" behind a confirmation. Never the token
// itself: the server keeps only its hash.

export function ApiTokenList({
  tokens,
  onRevoke,
  revoking,
  mayRevoke,
  empty,
}: {
  tokens: readonly ApiToken[];
  onRevoke: (token: ApiToken) => void;
  /** The token whose revocation is on its way. */
  revoking: number | undefined;
  mayRevoke: boolean;
  /** What an empty list says. */
  empty: string;
}) {
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  if (tokens.length === 0) return <p className="api-tokens-empty">{empty}</p>;
  return (
    <>
      <ul className="api-tokens">
        {tokens.map((token) => (
          <li key={token.id} className="api-token">
            <i className="pi pi-key" aria-hidden="true" />
            <div className="api-token-text">
              <span className="api-token-name">{token.name}</span>
              <span className="api-token-meta">
                {permissionCount(token.abilities.length)} · último uso{' '}
                {token.last_used_at ? formatDateTime(token.last_used_at) : 'nunca'} ·{' '}
                {describeExpiry(token.expires_at)}
              </span>
            </div>
            {mayRevoke && (
              <Button
                type="button"
                label="Revocar"
                aria-label={`Revocar el token «${token.name}»`}
                icon="pi pi-ban"
                severity="danger"
                outlined
                size="small"
                loading={revoking === token.id}
                disabled={revoking !== undefined}
                onClick={() => setConfirming(token)}
              />
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        visible={confirming !== null}
        onHide={() => setConfirming(null)}
        header="Revocar el token"
        message={
          confirming
            ? `¿Revocar el token «${confirming.name}»? Lo que lo use dejará de tener acceso en el acto.`
            : ''
        }
        icon="pi pi-exclamation-triangle"
        acceptLabel="Revocar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={() => {
          if (confirming) onRevoke(confirming);
        }}
      />
    </>
  );
}

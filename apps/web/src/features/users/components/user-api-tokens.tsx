import type { ApiToken, UserRecord } from '@gestor/shared';
import { useId } from 'react';
import { ApiTokenList } from '../../../components/api-tokens/api-token-list';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { mayManageNow, useCan } from '../../../lib/permissions';
import { useRevokeUserApiToken, useUserApiTokens } from '../api/user-api-tokens';

/**
 * Under a user's form: the API tokens they made in Mi cuenta, so an administrator can cut off a
 * program or a leaked token without disabling the person (decision 037).
 */
export function UserApiTokens({ record, notify }: { record: UserRecord; notify: ScreenNotifier }) {
  const headingId = useId();
  const can = useCan();
  const tokens = useUserApiTokens(record.id);
  const revoke = useRevokeUserApiToken(record.id);
  // The server refuses the others with a 403 (which would sign the person out here): not offered.
  const mayRevoke = can('user.update') && mayManageNow(record.permissions);

  const revokeToken = (token: ApiToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => notify.success(`Token revocado: «${token.name}».`),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Tokens de API</h2>
      <p className="api-tokens-hint">
        Los que esta persona ha creado en «Mi cuenta» para usar la API. Revocar uno deja sin acceso, en el
        acto, a lo que lo use.
      </p>
      {tokens.isPending ? (
        <output>Cargando tokens…</output>
      ) : tokens.isError ? (
        <Notice severity="error">No se han podido cargar los tokens: {errorMessage(tokens.error)}</Notice>
      ) : (
        <ApiTokenList
          tokens={tokens.data}
          onRevoke={revokeToken}
          revoking={revoke.isPending ? revoke.variables : undefined}
          mayRevoke={mayRevoke}
          empty="Esta persona no tiene tokens de API."
        />
      )}
    </section>
  );
}

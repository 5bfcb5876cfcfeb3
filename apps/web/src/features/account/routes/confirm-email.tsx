import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmEmail } from '../api/account-api';
import './account.css';

/** The link mailed to a new address, opened signed in: confirms the change once, says how it went. */
export function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  useDocumentTitle('Confirmar el correo electrónico');
  const confirm = useMutation({ mutationFn: confirmEmail });
  const { mutate } = confirm;
  // A link is spent by its first use: asked once per token, even when an effect runs twice.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [mutate, token]);

  return (
    <section className="page account" aria-labelledby="confirm-email-heading">
      <h1 id="confirm-email-heading">Confirmar el correo electrónico</h1>
      <div className="card account-card">
        {(confirm.isIdle || confirm.isPending) && <p aria-busy="true">Confirmando…</p>}
        {confirm.isSuccess && <Notice severity="success">{confirm.data.status}</Notice>}
        {confirm.isError && <Notice severity="error">{errorMessage(confirm.error)}</Notice>}
        <p>
          <Link to="/account">Volver a Mi cuenta</Link>
        </p>
      </div>
    </section>
  );
}

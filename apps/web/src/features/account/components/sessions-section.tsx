import type { AccountSession } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { formatDateTime } from '../../../components/resource/format';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useEndSessions, useSessions } from '../api/account-api';

/** "Sesiones abiertas": every browser signed in as me, with a way to end one or all the others. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [status, setStatus] = useState<string | null>(null);
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const endSession = (session: AccountSession | null) => {
    setStatus(null);
    end.mutate(session?.id ?? null, {
      onSuccess: () =>
        setStatus(session ? `Sesión cerrada: ${session.device}.` : 'Se han cerrado las demás sesiones.'),
    });
  };

  return (
    <section className="card account-card" aria-labelledby="account-sessions-heading">
      <h2 id="account-sessions-heading">Sesiones abiertas</h2>
      <p className="account-hint">
        Los navegadores en los que ha iniciado sesión. Si no reconoce alguno, ciérrelo y cambie la contraseña.
      </p>
      {status && <Notice severity="success">{status}</Notice>}
      {end.isError && <Notice severity="error">{errorMessage(end.error)}</Notice>}
      {sessions.isError && <Notice severity="error">{errorMessage(sessions.error)}</Notice>}
      {sessions.isPending && <p aria-busy="true">Cargando sesiones…</p>}
      {sessions.data && (
        <ul className="account-sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="account-session">
              <i
                className={`pi ${/Android|iOS/.test(session.device) ? 'pi-mobile' : 'pi-desktop'}`}
                aria-hidden="true"
              />
              <div className="account-session-text">
                <span className="account-session-device">
                  {session.device}
                  {session.current && <span className="account-session-current"> · este dispositivo</span>}
                </span>
                <span className="account-session-meta">
                  {session.ip_address ?? 'Dirección desconocida'} · última actividad{' '}
                  {formatDateTime(session.last_activity)}
                </span>
              </div>
              {!session.current && (
                <Button
                  type="button"
                  label="Cerrar sesión"
                  aria-label={`Cerrar la sesión de ${session.device}, ${session.ip_address ?? 'dirección desconocida'}`}
                  icon="pi pi-sign-out"
                  outlined
                  size="small"
                  disabled={end.isPending}
                  onClick={() => endSession(session)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <Button
          type="button"
          label="Cerrar las demás"
          icon="pi pi-sign-out"
          severity="secondary"
          disabled={end.isPending}
          onClick={() => endSession(null)}
        />
      )}
    </section>
  );
}

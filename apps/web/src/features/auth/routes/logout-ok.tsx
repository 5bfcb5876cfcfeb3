import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** docs/architecture.md#the-spa: a public page saying the session is closed, with a way back to sign in. */
export function LogoutOkRoute() {
  useDocumentTitle('Sesión cerrada');
  return (
    <div className="logout-ok">
      <i className="pi pi-check-circle logout-ok-icon" aria-hidden="true" />
      <h1 className="auth-title">Sesión cerrada</h1>
      <p>Ha cerrado la sesión correctamente.</p>
      <p className="auth-subtitle">Si usa un equipo compartido, cierre también el navegador.</p>
      <Link to="/auth/login" className="p-button auth-submit auth-button-link">
        Volver a acceder
      </Link>
    </div>
  );
}

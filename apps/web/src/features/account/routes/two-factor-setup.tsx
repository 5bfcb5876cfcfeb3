import { useNavigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { logout } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TwoFactorSection } from '../components/two-factor-section';
import './account.css';

// Decision 035: a role that requires two-factor sign-in sends its holders here, outside the shell
// (whose calls the server would refuse with 403), until they have set it up.
export function TwoFactorSetupRoute() {
  useDocumentTitle('Active la verificación en dos pasos');
  const navigate = useNavigate();
  return (
    <>
      <h1 className="auth-title">Active la verificación en dos pasos</h1>
      <Notice severity="info">
        Su rol exige la verificación en dos pasos. Actívela para seguir: hasta entonces no puede usar la
        aplicación.
      </Notice>
      <div className="account two-factor-setup-page">
        <TwoFactorSection onFinished={() => void navigate('/', { replace: true })} />
      </div>
      <button type="button" className="p-button p-component p-button-text" onClick={() => void logout()}>
        <span className="p-button-icon p-button-icon-left pi pi-sign-out" aria-hidden="true" />
        <span className="p-button-label">Cerrar sesión</span>
      </button>
    </>
  );
}

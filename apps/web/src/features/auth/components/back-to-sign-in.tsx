import { Link } from 'react-router';

/** "Volver a acceder" under the forgotten-password and reset forms. */
export function BackToSignIn() {
  return (
    <p className="auth-footer-link">
      <Link to="/auth/login" className="auth-link">
        <i className="pi pi-arrow-left" aria-hidden="true" /> Volver a acceder
      </Link>
    </p>
  );
}

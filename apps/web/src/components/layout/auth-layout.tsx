import { Outlet } from 'react-router';
import { APP_NAME } from '../../lib/app-info';
import './auth-layout.css';

/** The sign-in screens: a centred card under the application's name. */
export function AuthLayout() {
  return (
    <main className="auth-layout" id="main">
      <div className="auth-card">
        <p className="auth-brand">
          <span className="app-logo" aria-hidden="true">
            G
          </span>
          {APP_NAME}
        </p>
        <Outlet />
      </div>
    </main>
  );
}

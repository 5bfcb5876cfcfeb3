import { APP_NAME, BUILD_VERSION } from '../../lib/app-info';

export function Footer() {
  return (
    <footer className="layout-footer">
      <span className="layout-footer-name">{APP_NAME}</span>
      <span>
        versión <span className="layout-footer-version">{BUILD_VERSION}</span>
      </span>
    </footer>
  );
}

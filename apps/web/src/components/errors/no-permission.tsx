import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** docs/http-api.md: a screen the user may not see shows this instead, without calling the API. */
export function NoPermission() {
  useDocumentTitle('Sin permiso');
  return (
    <section className="no-permission" aria-labelledby="no-permission-heading">
      <i className="pi pi-lock no-permission-icon" aria-hidden="true" />
      <h1 id="no-permission-heading">Sin permiso</h1>
      <p>No tiene permiso para ver esta página.</p>
      <Link to="/">Volver al inicio</Link>
    </section>
  );
}

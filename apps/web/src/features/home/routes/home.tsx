import { useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DashboardWidgets } from '../components/dashboard-widgets';
import type { HomeArea } from '../components/record-path';

export function HomeRoute({ areas }: { areas: readonly HomeArea[] }) {
  const user = useUser();
  const heading = `Hola, ${user?.name ?? ''}`;
  useDocumentTitle(heading);
  return (
    <section className="page home" aria-labelledby="home-heading">
      <div className="card home-welcome">
        <i className="pi pi-sparkles home-welcome-icon" aria-hidden="true" />
        <div>
          <h1 id="home-heading">{heading}</h1>
          <p>Ha accedido como {user?.roleName ?? 'usuario sin rol'}.</p>
        </div>
      </div>
      <DashboardWidgets areas={areas} />
    </section>
  );
}

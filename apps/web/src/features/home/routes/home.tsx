import { useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AreaCounts, type CountedArea } from '../components/area-counts';

export function HomeRoute({ areas }: { areas: readonly CountedArea[] }) {
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
      <AreaCounts areas={areas} />
    </section>
  );
}

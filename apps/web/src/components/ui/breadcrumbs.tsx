import { Link } from 'react-router';
import './breadcrumbs.css';

// Where a screen below a record sits (a test's responses: Tests › «Examen» › Respuestas), each step
// a link back up but the last, the current page (WAI-ARIA APG "Breadcrumb": a navigation landmark
// named «Ruta», aria-current on the page itself).

export interface Crumb {
  label: string;
  /** Absent: plain text (the current page, the last one, never links). */
  to?: string;
}

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Ruta">
      <ol>
        {trail.map((crumb, index) => {
          const current = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {current ? (
                <span aria-current="page">{crumb.label}</span>
              ) : crumb.to ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

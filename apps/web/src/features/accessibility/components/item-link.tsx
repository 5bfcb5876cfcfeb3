import { type AccessibilityReportArea, AREA_REGISTRY, type Permission } from '@gestor/shared';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';

// An item of the report: a link to its editor when the person may view its area (the editor shows
// the same findings in its «Accesibilidad» panel, with «Ir al elemento»); its title, plain, otherwise.

export interface ReportedItem {
  area: AccessibilityReportArea;
  key: string;
  title: string;
}

/** «Noticia», «Página», «Evento». */
export const areaNoun = (area: AccessibilityReportArea) => {
  const { one } = AREA_REGISTRY[area].noun;
  return one.charAt(0).toLocaleUpperCase('es') + one.slice(1);
};

export const untitled = (title: string) => title.trim() || 'Sin título';

export function ItemLink({ item }: { item: ReportedItem }) {
  const can = useCan();
  const title = untitled(item.title);
  if (!can(`${item.area}.view` as Permission)) return <>{title}</>;
  return <Link to={`/${item.area}/${encodeURIComponent(item.key)}`}>{title}</Link>;
}

import type { RoleSummary } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { EMPTY_VALUE } from '../../../components/resource/format';

/** A user's roles by their Spanish labels. */
export function RoleTags({ roles }: { roles: readonly RoleSummary[] }) {
  if (!roles.length) return EMPTY_VALUE;
  return (
    <span className="resource-tags">
      {roles.map((role) => (
        <Tag key={role.id} value={role.label} />
      ))}
    </span>
  );
}

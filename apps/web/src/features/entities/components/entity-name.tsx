import type { EntityRecord } from '@gestor/shared';

/** The entity's name with its logo beside it (decorative: the name says who it is). */
export function EntityName({ entity }: { entity: Pick<EntityRecord, 'name' | 'logo'> }) {
  const logo = entity.logo?.thumbnail_url ?? null;
  return (
    <span className="entity-name">
      {logo ? (
        <img src={logo} alt="" className="entity-logo" loading="lazy" decoding="async" />
      ) : (
        <span className="entity-logo entity-logo-empty pi pi-building" aria-hidden="true" />
      )}
      {entity.name}
    </span>
  );
}

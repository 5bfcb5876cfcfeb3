import type { SpaceRecord } from '@gestor/shared';

/** The space's name with the first image of its gallery (decorative: the name says which space). */
export function SpaceName({ space }: { space: Pick<SpaceRecord, 'name' | 'images'> }) {
  const cover = space.images[0]?.thumbnail_url ?? null;
  return (
    <span className="space-name">
      {cover ? (
        <img src={cover} alt="" className="space-cover" loading="lazy" decoding="async" />
      ) : (
        <span className="space-cover space-cover-empty pi pi-map-marker" aria-hidden="true" />
      )}
      {space.name}
    </span>
  );
}

import { AREA_LABELS, type Permission, permissionLabel, pickerNeedsOf } from '@gestor/shared';

/**
 * Decision 014, under the permission matrix: what turning on Crear or Editar brings with it, and, for
 * the permissions as they stand, what this role's forms could not pick (a need turned off by hand, or
 * one the person could not give).
 */
export function PickerNeedsNote({ value }: { value: readonly Permission[] }) {
  const missing = pickerNeedsOf(value);
  return (
    // Polite: a person unticking Multimedia: Ver hears what the role loses, at their pace.
    <div className="picker-needs" aria-live="polite">
      <p className="form-field-hint">
        Quien crea o edita en un área elige elementos de otras: al marcar Crear o Editar se marca también Ver
        donde hace falta (Noticias: Multimedia y Categorías, para la portada, las imágenes y las categorías;
        Espacios: Entidades y Multimedia; Usuarios: Roles…).
      </p>
      {missing.length > 0 && (
        <div className="picker-needs-missing">
          <p>Con estos permisos no se podrá elegir:</p>
          <ul>
            {missing.map(({ area, from, what }) => (
              <li key={`${area}-${from}`}>
                en {AREA_LABELS[area]}, {what} (falta «{permissionLabel(`${from}.view`)}»).
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

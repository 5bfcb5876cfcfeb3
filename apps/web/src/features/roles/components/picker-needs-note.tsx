import { AREA_LABELS, type Permission, PICKER_NEEDS, permissionLabel, pickerNeedsOf } from '@gestor/shared';

/**
 * Decision 014, under the permission matrix: what turning on Crear or Editar brings with it, and, for
 * the permissions as they stand, what this role's forms could not pick (a need turned off by hand, or
 * one the person could not give).
 */
export function PickerNeedsNote({ value }: { value: readonly Permission[] }) {
  const missing = pickerNeedsOf(value);
  // Decision 044: a picker that uploads needs `<from>.create`; without it the person only picks.
  const noUpload = [
    ...new Set(
      PICKER_NEEDS.filter(
        ({ area, from, uploads }) =>
          uploads &&
          (value.includes(`${area}.create`) || value.includes(`${area}.update`)) &&
          value.includes(`${from}.view`) &&
          !value.includes(`${from}.create`),
      ).map(({ area }) => AREA_LABELS[area]),
    ),
  ];
  return (
    // Polite: a person unticking Multimedia: Ver hears what the role loses, at their pace.
    <div className="picker-needs" aria-live="polite">
      <p className="form-field-hint">
        Quien crea o edita en un área elige elementos de otras: al marcar Crear o Editar se marca también Ver
        donde hace falta (Noticias: Multimedia y Categorías, para la portada, las imágenes y las categorías;
        Espacios: Entidades y Multimedia; Usuarios: Roles…), y «{permissionLabel('multimedia.create')}» para
        subir desde el selector las imágenes que se insertan.
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
      {noUpload.length > 0 && (
        <p className="picker-needs-missing">
          En {noUpload.join(', ')} se podrán elegir archivos de la biblioteca, pero no subir archivos nuevos
          (falta «{permissionLabel('multimedia.create')}»).
        </p>
      )}
    </div>
  );
}

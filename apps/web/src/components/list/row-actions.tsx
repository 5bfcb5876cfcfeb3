import { Button } from 'primereact/button';
import { ButtonLink } from '../ui/button-link';

// A record's actions in a list, the same in a table row and on a phone's card: open it (Editar, or
// Ver when the person may not change it) and, with the delete permission, Eliminar.

interface RowActionsProps {
  /** How the record is named in the buttons' accessible names ("Editar «Ana»"). */
  name: string;
  editable: boolean;
  /** The record's screen; or `onOpen` when it opens in place (a side panel). */
  to: string;
  onOpen?: () => void;
  /** Absent: no Eliminar (no permission, or a record the area never lets go). */
  onDelete?: () => void;
}

export function RowActions({ name, editable, to, onOpen, onDelete }: RowActionsProps) {
  const openLabel = editable ? 'Editar' : 'Ver';
  const icon = editable ? 'pi pi-pencil' : 'pi pi-eye';
  return (
    <>
      {onOpen ? (
        <Button
          type="button"
          icon={icon}
          text
          aria-label={`${openLabel} «${name}»`}
          title={openLabel}
          onClick={onOpen}
        />
      ) : (
        <ButtonLink
          to={to}
          icon={icon}
          variant="text"
          aria-label={`${openLabel} «${name}»`}
          title={openLabel}
        />
      )}
      {onDelete && (
        <Button
          type="button"
          icon="pi pi-trash"
          severity="danger"
          text
          aria-label={`Eliminar «${name}»`}
          title="Eliminar"
          onClick={onDelete}
        />
      )}
    </>
  );
}

import { checkTaxId } from '@gestor/shared';
import { type ControlProps, TextControl } from '../../../components/controls/form-controls';

/** A valid NIF, NIE or CIF as it will be stored (upper case, no spaces or dashes); anything else as typed. */
const storedForm = (value: string) => {
  const checked = checkTaxId(value);
  return checked.ok ? checked.value : value;
};

/**
 * The NIF, NIE or CIF: checked by the shared check (the API's own) as soon as the person leaves the
 * field, so a wrong control character is explained before anything is sent (empty is allowed: not
 * every entity has one at hand).
 */
export function TaxIdControl(bound: ControlProps & { maxLength?: number }) {
  return (
    <TextControl
      {...bound}
      checkOnLeave={{ normalize: storedForm }}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
    />
  );
}

import { checkTaxId } from '@gestor/shared';
import { InputText } from 'primereact/inputtext';
import { useFormContext } from 'react-hook-form';
import { BoundField, type ControlProps, invalidClass } from '../../../components/resource/form-controls';

/**
 * The NIF, NIE or CIF: checked by the shared check (the API's own) as soon as the person leaves the
 * field, so a wrong control character is explained before anything is sent; a valid one is shown as
 * it will be stored (upper case, no spaces or dashes).
 */
export function TaxIdControl(bound: ControlProps) {
  const { trigger } = useFormContext();
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <InputText
          {...control}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            const value = String(field.value ?? '');
            const checked = checkTaxId(value);
            if (checked.ok && checked.value !== value) field.onChange(checked.value);
            field.onBlur();
            // Checked now rather than on "Guardar" (empty is allowed: not every entity has one).
            void trigger(field.name);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          disabled={disabled}
          className={invalidClass(control)}
        />
      )}
    />
  );
}

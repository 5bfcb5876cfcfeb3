import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookRecord } from '@gestor/shared';
import {
  CheckboxControl,
  CheckboxGroupControl,
  type CheckboxGroupOption,
  FormGrid,
  TextControl,
} from '../../../components/controls';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';

/** Each event by its Spanish name, with the `type` the website receives under it. */
const EVENT_OPTIONS: CheckboxGroupOption[] = WEBHOOK_EVENTS.map((event) => ({
  value: event,
  label: WEBHOOK_EVENT_LABELS[event],
  detail: event,
}));

/** Name and address, the events it is sent, whether it is active; on edit, where the secret went. */
export function WebhookFields({ record }: FormFieldsProps<WebhookRecord>) {
  return (
    <>
      <FormGrid>
        <TextControl name="name" autoComplete="off" hint="Para reconocerlo, por ejemplo «Sitio web»." />
        <TextControl
          name="url"
          type="url"
          autoComplete="off"
          spellCheck={false}
          hint="La dirección del sitio web que recibe los avisos, por ejemplo https://www.ejemplo.org/webhooks."
        />
      </FormGrid>
      <CheckboxGroupControl
        name="events"
        options={EVENT_OPTIONS}
        hint="Se envía un aviso cuando ocurre cualquiera de los elegidos."
      />
      <CheckboxControl name="active" variant="switch" hint="Apagado, no se le envía nada." />
      {record && (
        <Notice severity="info">
          El secreto de firma solo se muestra al crear el webhook y no se puede volver a mostrar. Si se ha
          perdido, cree otro webhook con la misma dirección y elimine este.
        </Notice>
      )}
    </>
  );
}

import { z } from 'zod';
import { imageRef, optionalText, SLUG_LABEL, slugField } from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, booleanFilter, type ResourceContract } from './resource';
import { checkTaxId } from './tax-id';
import { booleanField, requiredText } from './validation';

// docs/areas.md, entities: the organisations Gestor records (a town hall, an association, a company…),
// with their NIF/NIE/CIF checked by its control character, their contact details and their logo.
// Addressed by id (/entity/{id}); the slug is made from the name.

export const ENTITY_TYPES = [
  'ayuntamiento',
  'administracion',
  'asociacion',
  'fundacion',
  'empresa',
  'otra',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  ayuntamiento: 'Ayuntamiento',
  administracion: 'Administración pública',
  asociacion: 'Asociación',
  fundacion: 'Fundación',
  empresa: 'Empresa',
  otra: 'Otra',
};

/** Optional text that must pass `check` when given: '' and null are null. */
function optionalChecked(label: string, max: number, check: (value: string) => string | { error: string }) {
  return optionalText(label, { max }).transform((value, ctx) => {
    if (value === null) return null;
    const result = check(value);
    if (typeof result === 'string') return result;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  });
}

/**
 * A NIF, NIE or CIF (shared/tax-id.ts), stored upper case without spaces, dashes or dots; null when
 * not given. The message says what is wrong ("La letra de control del NIF no es correcta.").
 */
export function taxIdField() {
  return optionalChecked('NIF/CIF', 30, (value) => {
    const checked = checkTaxId(value);
    return checked.ok ? checked.value : { error: checked.message };
  });
}

export function optionalEmailField(label = 'correo electrónico') {
  const email = z.email();
  return optionalChecked(label, 255, (value) =>
    email.safeParse(value).success
      ? value.toLowerCase()
      : {
          error: `El campo ${label} debe ser una dirección de correo válida (por ejemplo, info@ejemplo.es).`,
        },
  );
}

/**
 * A telephone number as people write it (`920 123 456`, `+34 920-12-34-56`, `(+34) 920 123 456`):
 * 9 to 15 digits (E.164's limit) with spaces, dots, dashes and brackets; kept as written, spaces tidied.
 */
export function phoneField(label = 'teléfono') {
  return optionalChecked(label, 40, (value) => {
    const digits = value.replace(/\D/g, '').length;
    return /^\(?\+?[0-9][0-9 ().-]*$/.test(value) && digits >= 9 && digits <= 15
      ? value.replace(/\s+/g, ' ')
      : {
          error: `El campo ${label} debe ser un número de teléfono de 9 a 15 cifras (por ejemplo, 920 123 456 o +34 920 123 456).`,
        };
  });
}

/**
 * A web address, http or https; `www.ejemplo.es` is read as `https://www.ejemplo.es`. Anything else
 * (another scheme, no host name, credentials in it) is refused.
 */
export function websiteField(label = 'web') {
  return optionalChecked(label, 255, (value) => {
    const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d/.test(value);
    if (hasScheme && !/^https?:\/\//i.test(value)) {
      return { error: `El campo ${label} debe empezar por http:// o https://.` };
    }
    const address = hasScheme ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return {
        error: `El campo ${label} debe ser una dirección web válida (por ejemplo, https://www.ejemplo.es).`,
      };
    }
    if (!url.hostname.includes('.') || url.username || url.password || /\s/.test(address)) {
      return {
        error: `El campo ${label} debe ser una dirección web válida (por ejemplo, https://www.ejemplo.es).`,
      };
    }
    return address;
  });
}

const entityFields = {
  name: field(requiredText('nombre', { max: 150 }), { label: 'Nombre', public: true }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  type: field(
    z.enum(ENTITY_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'El campo tipo es obligatorio.'
          : `El tipo debe ser uno de estos: ${Object.values(ENTITY_TYPE_LABELS).join(', ')}.`,
    }),
    { label: 'Tipo', options: ENTITY_TYPE_LABELS, public: true },
  ),
  /** Upper case, without spaces or dashes: `B12345674`. */
  tax_id: field(taxIdField(), { label: 'NIF/CIF', default: null }),
  email: field(optionalEmailField(), {
    label: 'Correo electrónico',
    default: null,
    public: { description: 'Correo de contacto de la entidad.' },
  }),
  phone: field(phoneField(), { label: 'Teléfono', default: null, public: true }),
  website: field(websiteField(), { label: 'Web', default: null, public: { description: 'Sitio web.' } }),
  address: field(optionalText('dirección', { max: 500 }), {
    label: 'Dirección',
    default: null,
    public: { description: 'Dirección postal.' },
  }),
  logo: imageRef('logo', { label: 'Logotipo', public: true }),
  description: field(optionalText('descripción', { max: 2000 }), {
    label: 'Descripción',
    default: null,
    public: true,
  }),
  active: field(booleanField('activa'), { label: 'Activa', default: true }),
  /** Spaces that belong to it (an entity with any cannot be deleted). */
  spaces_count: readOnly(reads<number>(), { label: 'Espacios' }),
};

export const ENTITIES: ResourceContract<
  'name' | 'type' | 'created_at' | 'updated_at',
  'type' | 'active',
  typeof entityFields
> = areaContract({
  area: 'entity',
  lookup: 'id',
  sortable: ['name', 'type', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    type: z.enum(ENTITY_TYPES, { error: `Tipo desconocido: ${ENTITY_TYPES.join(', ')}.` }),
    active: booleanFilter,
  },
  fields: entityFields,
});

export const EntityInput = createInputOf(ENTITIES);
export type EntityInput = z.infer<typeof EntityInput>;
export const EntityUpdateInput = updateInputOf(ENTITIES);
export type EntityUpdateInput = z.infer<typeof EntityUpdateInput>;
export type EntityRecord = RecordOf<typeof ENTITIES.fields>;

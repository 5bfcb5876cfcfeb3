import { z } from 'zod';

// Every message a person reads is Spanish (docs/http-api.md), including what a schema says where no
// field builder gave it a sentence of its own (a filter's limit, an item of a list that is not an
// object). zod's own messages are English ("Too big: expected string to have <=255 characters"), so
// this map replaces zod's locale: a schema's own `error` still wins (zod: schema > parse > config).

const EXPECTED: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  date: 'una fecha',
  array: 'una lista',
  tuple: 'una lista',
  set: 'una lista',
  object: 'un objeto',
  record: 'un objeto',
  map: 'un objeto',
  file: 'un archivo',
  null: 'nulo',
};

const FORMATS: Record<string, string> = {
  email: 'una dirección de correo válida',
  url: 'una dirección web válida',
  datetime: 'una fecha y hora válidas',
  date: 'una fecha válida',
  time: 'una hora válida',
  duration: 'una duración válida',
  uuid: 'un identificador válido',
  ipv4: 'una dirección IP válida',
  ipv6: 'una dirección IP válida',
};

const UNITS: Record<string, [one: string, many: string]> = {
  string: ['carácter', 'caracteres'],
  array: ['elemento', 'elementos'],
  set: ['elemento', 'elementos'],
  file: ['byte', 'bytes'],
};

const amount = (origin: string, count: number | bigint) => {
  const [one, many] = UNITS[origin] ?? ['', ''];
  return `${count} ${count === 1 || count === 1n ? one : many}`;
};

const shown = (value: unknown) => (typeof value === 'string' ? `«${value}»` : String(value));

/** The Spanish sentence for a zod issue that its schema did not word itself. */
export function spanishIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Este campo es obligatorio.';
      const expected = EXPECTED[issue.expected];
      return expected ? `Debe ser ${expected}.` : 'El valor no es válido.';
    }
    case 'too_big': {
      if (issue.origin === 'date') return 'La fecha es posterior a la permitida.';
      if (UNITS[issue.origin]) {
        return issue.exact
          ? `Debe tener exactamente ${amount(issue.origin, issue.maximum)}.`
          : `No debe tener más de ${amount(issue.origin, issue.maximum)}.`;
      }
      return issue.inclusive === false
        ? `Debe ser menor que ${issue.maximum}.`
        : `No debe ser mayor que ${issue.maximum}.`;
    }
    case 'too_small': {
      if (issue.origin === 'date') return 'La fecha es anterior a la permitida.';
      if (UNITS[issue.origin]) {
        if (issue.exact) return `Debe tener exactamente ${amount(issue.origin, issue.minimum)}.`;
        if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'Este campo es obligatorio.';
        return `Debe tener al menos ${amount(issue.origin, issue.minimum)}.`;
      }
      return issue.inclusive === false
        ? `Debe ser mayor que ${issue.minimum}.`
        : `No debe ser menor que ${issue.minimum}.`;
    }
    case 'invalid_format': {
      const format = FORMATS[issue.format];
      return format ? `Debe ser ${format}.` : 'El formato no es válido.';
    }
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Campos no permitidos: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Debe ser ${shown(issue.values[0])}.`
        : `Debe ser uno de estos valores: ${issue.values.map(shown).join(', ')}.`;
    case 'invalid_key':
      return 'Contiene una clave no válida.';
    case 'invalid_element':
      return 'Contiene un elemento no válido.';
    default:
      return 'El valor no es válido.';
  }
}

z.config({ localeError: spanishIssueMessage });

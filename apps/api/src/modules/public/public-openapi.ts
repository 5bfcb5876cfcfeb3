import {
  PUBLIC_API_PREFIX,
  PUBLIC_ERROR_SCHEMAS,
  PUBLIC_ROUTES,
  PublicMessage,
  PublicNotFound,
  type PublicRoute,
  PublicValidationError,
  publicMethodsOf,
} from '@gestor/shared';
import { z } from 'zod';
import { CACHE_CONTROL_PUBLIC, RATE_WINDOW_MS } from './public-transport';

// docs/public-api.md: the document is generated from the zod schemas the answers are shaped by
// (packages/shared/src/public-api.ts), so it cannot drift from them (decision 022). Every schema
// with an id becomes a component, referenced as #/components/schemas/<id>.

type JsonSchema = Record<string, unknown>;

/** The components: every route's answer, the error bodies, and every schema they name by id. */
function components(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const add = (schema: z.ZodType) => {
    const id = z.globalRegistry.get(schema)?.id;
    if (typeof id === 'string' && !registry.has(schema)) registry.add(schema, { id });
  };
  for (const route of PUBLIC_ROUTES) {
    add(route.response);
    if (route.accepted) add(route.accepted.response);
  }
  for (const schema of [PublicNotFound, PublicValidationError, PublicMessage]) add(schema);
  for (;;) {
    const generated = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      uri: (id) => `#/components/schemas/${id}`,
    }).schemas as Record<string, JsonSchema>;
    // Schemas nested in those above that have an id of their own land in `__shared`: give each its
    // own component and generate again, until every one has.
    const nested = Object.keys((generated.__shared?.$defs as JsonSchema | undefined) ?? {});
    if (nested.length === 0) {
      for (const schema of Object.values(generated)) {
        delete schema.$schema;
        delete schema.$id;
      }
      return generated;
    }
    for (const id of nested) {
      const schema = z.globalRegistry._idmap.get(id);
      if (!schema) throw new Error(`Sin esquema para ${id}`);
      add(schema as z.ZodType);
    }
  }
}

const parameterSchema = (schema: z.ZodType): JsonSchema => {
  const {
    $schema: _ignored,
    description: _described,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
  }) as JsonSchema;
  return rest;
};

/** A write's JSON body, as it is sent (the input side of its schema), written out in place. */
const bodySchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
  }) as JsonSchema;
  return rest;
};

function parameters(route: PublicRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, object] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!object) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const description = z.globalRegistry.get(field)?.description;
      list.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: parameterSchema(field),
      });
    }
  }
  if (!route.noStore) {
    list.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'La ETag de una respuesta anterior: si no ha cambiado, la respuesta es 304 sin cuerpo.',
      schema: { type: 'string' },
    });
  }
  return list;
}

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const idOf = (schema: z.ZodType) => z.globalRegistry.get(schema)?.id as string;

function responses(route: PublicRoute): JsonSchema {
  const json = (schema: z.ZodType) => ({ 'application/json': { schema: ref(idOf(schema)) } });
  const cacheHeaders = route.noStore
    ? {
        'Cache-Control': header('Nunca se guarda: no-store.'),
        'X-Robots-Tag': header('noindex: los buscadores no deben indexarla.'),
      }
    : {
        ETag: header('Etiqueta fuerte del contenido; cambia cuando cambia la respuesta.'),
        'Cache-Control': header(CACHE_CONTROL_PUBLIC),
      };
  // A document that is not JSON (RSS, sitemap, iCalendar) is described as text of its type.
  const ok =
    route.contentType && route.contentType !== 'application/json'
      ? { [route.contentType]: { schema: { type: 'string' } } }
      : json(route.response);
  const answers: JsonSchema = {
    [route.status ?? 200]: { description: route.summary, headers: cacheHeaders, content: ok },
  };
  if (route.accepted) {
    answers[202] = {
      description: route.accepted.description,
      headers: { 'Cache-Control': cacheHeaders['Cache-Control'] },
      content: json(route.accepted.response),
    };
  }
  if (!route.noStore) {
    answers[304] = {
      description: 'No ha cambiado desde la ETag de If-None-Match: sin cuerpo.',
      headers: { ETag: cacheHeaders.ETag, 'Cache-Control': cacheHeaders['Cache-Control'] },
    };
  }
  if (route.errors.includes(404)) {
    answers[404] = {
      description: 'No existe o no es público ahora (borrador, programado, inactivo o inexistente).',
      content: json(PUBLIC_ERROR_SCHEMAS[404]),
    };
  }
  const methods = [...publicMethodsOf(route.path), 'OPTIONS'];
  answers[405] = {
    description: `Solo se admiten ${methods.slice(0, -1).join(', ')} y ${methods.at(-1)}.`,
    headers: { Allow: header(methods.join(', ')) },
    content: json(PUBLIC_ERROR_SCHEMAS[405]),
  };
  if (route.errors.includes(409)) {
    answers[409] = {
      description: route.conflict ?? 'Conflicto con el estado actual.',
      content: json(PUBLIC_ERROR_SCHEMAS[409]),
    };
  }
  if (route.errors.includes(422)) {
    answers[422] = {
      description: route.body ? 'Datos no válidos (un mensaje por campo).' : 'Parámetros no válidos.',
      content: json(PUBLIC_ERROR_SCHEMAS[422]),
    };
  }
  answers[429] = {
    description: `Demasiadas peticiones desde esta dirección en ${RATE_WINDOW_MS / 60_000} minuto (PUBLIC_API_RATE_LIMIT).`,
    headers: { 'Retry-After': header('Segundos que hay que esperar.', { type: 'integer', minimum: 1 }) },
    content: json(PUBLIC_ERROR_SCHEMAS[429]),
  };
  return answers;
}

/** The OpenAPI 3.1 document of the public API, served at `${PUBLIC_API_PREFIX}/openapi.json`. */
export function publicOpenApiDocument(appUrl: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of PUBLIC_ROUTES) {
    paths[route.path] = {
      ...paths[route.path],
      [(route.method ?? 'GET').toLowerCase()]: {
        operationId: route.operationId,
        tags: [route.tag],
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        parameters: parameters(route),
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: bodySchema(route.body) } },
              },
            }
          : {}),
        responses: responses(route),
      },
    };
  }
  return {
    // No jsonSchemaDialect: the default (OAS 3.1's base dialect) is JSON Schema 2020-12 with OpenAPI's
    // vocabulary, what z.toJSONSchema writes; naming another one makes renderers warn (decision 022).
    openapi: '3.1.0',
    info: {
      title: 'Gestor: API pública',
      version: '1',
      description:
        'Lo que el sitio web de la organización puede leer: solo lo público ahora. Sin sesión ni cookies; ' +
        'CORS para cualquier origen; respuestas con ETag y Cache-Control; límite de peticiones por dirección. ' +
        'Los cuestionarios abiertos al público se responden aquí también (POST y PUT, nunca en caché).',
    },
    servers: [{ url: `${appUrl}${PUBLIC_API_PREFIX}` }],
    tags: [...new Set(PUBLIC_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: components() },
  };
}

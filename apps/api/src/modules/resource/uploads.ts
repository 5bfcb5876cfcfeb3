import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
// The request.parts() and request.isMultipart() that @fastify/multipart adds.
import type {} from '@fastify/multipart';
import { stripBidiControls } from '@gestor/shared';
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../lib/http-errors';

// Decision 008: multipart uploads beside JSON. The file part streams to a temporary file while its
// size and SHA-256 are measured, so a 20 MB upload never sits in memory; the text parts become the
// input the area's schema validates. The temporary file is removed whatever happens next.

/** A file received from a multipart request, waiting in a temporary file. */
export interface ReceivedFile {
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  checksum: string;
  /** The name the client gave it (shown to people, never trusted for its type). */
  filename: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Removes the temporary file; call it in a `finally`. */
  discard(): Promise<void>;
}

const MAX_TEXT_FIELDS = 10;

/** The client's file name, kept readable and bounded (no paths, no control or bidi characters). */
function cleanFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = stripBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return (clean || 'archivo').slice(0, 255);
}

export async function receiveUpload(
  request: FastifyRequest,
  { field, maxBytes, tmpDir }: { field: string; maxBytes: number; tmpDir: string },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Envíe el archivo como multipart/form-data.');
  }
  await mkdir(tmpDir, { recursive: true });
  const fields = new Map<string, string>();
  let file: ReceivedFile | null = null;
  const temporary: string[] = [];
  const discard = async () => {
    await Promise.all(temporary.map((name) => rm(name, { force: true })));
  };
  try {
    const parts = request.parts({
      // Larger chunks of the file part: fewer hash updates and writes per upload.
      fileHwm: 1024 * 1024,
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: MAX_TEXT_FIELDS,
        fieldSize: 10_000,
        parts: MAX_TEXT_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw ValidationError.field(part.fieldname, `El campo ${part.fieldname} no está permitido.`);
      }
      const target = path.join(tmpDir, `upload-${randomBytes(12).toString('hex')}`);
      temporary.push(target);
      const hash = createHash('sha256');
      let size = 0;
      // Measured as the bytes pass on their way to disk (a listener beside the pipe, no extra stream).
      part.file.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target, { highWaterMark: 1024 * 1024 }));
      file = { path: target, size, checksum: hash.digest('hex'), filename: cleanFilename(part.filename) };
    }
  } catch (error) {
    await discard();
    throw uploadError(error, maxBytes);
  }
  return { fields: Object.fromEntries(fields), file, discard };
}

/** @fastify/multipart's limits, in Spanish, with the status a client can act on. */
function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(
      413,
      `El archivo supera el tamaño máximo de ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
  }
  if (code === 'FST_FILES_LIMIT') return ValidationError.field('file', 'Envíe un solo archivo por petición.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return ValidationError.field('file', 'La petición tiene demasiados campos.');
  }
  if (code === 'FST_PROTO_VIOLATION') return ValidationError.field('file', 'Nombre de campo no permitido.');
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(400, 'La petición multipart está incompleta o mal formada.');
  }
  if (error instanceof Error && /boundary|multipart|Unexpected end of form|Malformed/i.test(error.message)) {
    return new HttpError(400, 'La petición multipart está incompleta o mal formada.');
  }
  return error;
}

import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

// Decision 008: multipart bodies are read only by the routes of areas whose records are files. Those
// routes are declared through fileRoutes(), in a context of their own where @fastify/multipart is
// registered; everywhere else no parser knows multipart/form-data, so Fastify answers such a body
// with the same Spanish 415 it gives every content type the API does not read (plugins/errors.ts).
//
// Issue 29: registered for the whole app, @fastify/multipart put an async onRequest hook (a 'close'
// listener on every response) and an async onResponse hook (removing files saved to disk, which
// Gestor never does: parts are streamed, modules/resource/uploads.ts) on every request, the signed-in
// GET /api/user included. In this context they run for uploads alone.
//
// A context copies the hooks the app has when it is created: fileRoutes() must be called after every
// hook a route needs is in place (app.ts registers them all before any route).

/** Registers `routes` where multipart bodies are parsed (request.parts(), request.isMultipart()). */
export function fileRoutes(app: FastifyInstance, routes: (files: FastifyInstance) => void): void {
  app.register(async (files) => {
    await files.register(multipart);
    routes(files);
  });
}

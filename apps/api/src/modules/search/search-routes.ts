import { type SearchResponse, searchTextProblem } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../lib/http-errors';
import type { SearchService } from './search-service';

/** GET /api/search?q=…: the global search (decision 029); any signed-in person, their areas only. */
export function searchRoutes(app: FastifyInstance, search: SearchService) {
  app.get('/api/search', { config: { auth: true } }, async (request): Promise<SearchResponse> => {
    const { q } = request.query as Record<string, unknown>;
    const text = typeof q === 'string' ? q : '';
    const problem = searchTextProblem(text);
    if (problem) throw ValidationError.field('q', problem);
    return { data: await search.search(text.trim(), request.authUser().permissions) };
  });
}

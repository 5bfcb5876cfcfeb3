import type { FastifyInstance } from 'fastify';
import type { PublicUrlTemplates } from '../../config/config';
import type { Connection, Database } from '../../db/client';
import type { LinkedDocuments } from '../multimedia/linked-documents';
import type { PublicSideDeclaration } from '../resource/public-side';
import type { ResourceDefinition } from '../resource/resource-definition';
import { createAccessibilityReport, type ReportedArea } from './accessibility-report';

// GET /api/accessibility (docs/accessibility.md#la-pantalla-accesibilidad): the «Accesibilidad»
// screen's data, behind `accessibility.view`. Data only: the SPA drafts the statement's section and
// the yearly report from it (@gestor/shared's accessibility-report.ts).

/** What the routes read of an area's definition: its contract, table, title and public side. */
type AreaDefinition = Pick<
  ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  'contract' | 'table' | 'titleColumn'
> & { publicSide?: Pick<PublicSideDeclaration, 'condition'> };

/** The areas with a public side among the definitions, with the website's address template of each. */
export function reportedAreas(
  definitions: readonly AreaDefinition[],
  publicUrls: Partial<Record<string, string | null>> = {},
): ReportedArea[] {
  return definitions.flatMap(({ contract, table, titleColumn, publicSide }) =>
    publicSide
      ? [
          {
            contract,
            table,
            titleColumn,
            condition: publicSide.condition,
            website: publicUrls[contract.area] ?? null,
          },
        ]
      : [],
  );
}

export function accessibilityRoutes(
  app: FastifyInstance,
  {
    database,
    areas,
    publicUrls,
    documents,
  }: {
    database: Database;
    areas: readonly AreaDefinition[];
    publicUrls?: PublicUrlTemplates;
    documents?: (connection: Connection) => Promise<LinkedDocuments>;
  },
) {
  const reporter = createAccessibilityReport({
    database,
    documents,
    areas: reportedAreas(areas, publicUrls as Partial<Record<string, string | null>> | undefined),
  });
  app.get('/api/accessibility', { config: { permission: 'accessibility.view' } }, async () => ({
    data: await reporter.report(),
  }));
  return reporter;
}

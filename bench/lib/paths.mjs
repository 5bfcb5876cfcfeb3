import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const apiDist = path.join(repoRoot, 'apps/api/dist');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const resultsDir = path.join(repoRoot, 'bench/results');

export interface ReferenceProblem {
  file: string;
  line: number;
  text: string;
}

export function findReferenceProblems(
  root: string,
  files: string[],
  read?: (file: string) => string,
  exists?: (file: string) => boolean,
): ReferenceProblem[];
export function repositoryFiles(root: string): string[];

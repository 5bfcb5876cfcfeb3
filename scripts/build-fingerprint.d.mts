export interface BuildTarget {
  workspace: string;
  /** The file whose absence means "never built". */
  output: string;
  /** Where the fingerprint of the sources of the last build is kept. */
  stamp: string;
  inputs: string[];
  ignore: string[];
  /** Which environment variables the build reads. */
  environment: (name: string) => boolean;
}

export const BUILD_TARGETS: BuildTarget[];
export function fingerprint(root: string, target: BuildTarget, env?: NodeJS.ProcessEnv): string;
export function recordedFingerprint(root: string, target: BuildTarget): string | null;
export function recordFingerprint(root: string, target: BuildTarget, value: string): void;
export function targetsToBuild(
  root: string,
  env?: NodeJS.ProcessEnv,
): { target: BuildTarget; fingerprint: string; reason: string }[];

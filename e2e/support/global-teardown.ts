import { tearDownRun } from './run-state';

export default async function globalTeardown(): Promise<void> {
  await tearDownRun();
}

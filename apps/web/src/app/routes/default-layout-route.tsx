import { DefaultLayout } from '../../components/layout/default-layout';
import { GlobalSearch } from '../../features/search/components/global-search';
import { areas } from '../areas';
import { mainMenu } from '../menu';
import { ShellProviders } from '../provider';

/**
 * The shell with the application's menu, and the providers its screens need. Lazy-loaded: the
 * sign-in screens never download PrimeReact's components or TanStack Query.
 */
export function DefaultLayoutRoute() {
  return (
    <ShellProviders>
      <DefaultLayout menu={mainMenu} search={<GlobalSearch areas={areas} />} />
    </ShellProviders>
  );
}

import { useDocumentTitle } from '../../../lib/use-document-title';
import { accountSections } from '../sections';
import './account.css';

// "Mi cuenta" (issue 21): what every signed-in person may change of their own account, whatever
// their permissions. Reached from the user menu in the topbar.
export function AccountRoute() {
  useDocumentTitle('Mi cuenta');
  return (
    <section className="page account" aria-labelledby="account-heading">
      <h1 id="account-heading">Mi cuenta</h1>
      {accountSections.map(({ id, Component }) => (
        <div key={id} id={id} className="account-section">
          <Component />
        </div>
      ))}
    </section>
  );
}

import type { Connection } from '../client';
import * as auth from './0001-auth';
import * as resources from './0002-resources';
import * as authNotifications from './0003-auth-notifications';
import * as targetedChanges from './0004-targeted-changes-and-spanish-order';
import * as mediaAndCategories from './0005-media-and-categories';
import * as newsAndPages from './0006-news-and-pages';
import * as slidesEntitiesSpaces from './0007-slides-entities-spaces';
import * as tests from './0008-tests';
import * as mediaByIdentity from './0009-media-by-identity';
import * as indexes from './0010-indexes';
import * as categoryPathAnyDepth from './0011-category-path-any-depth';
import * as spanishSearchPlurals from './0012-spanish-search-plurals';
import * as legalPageTexts from './0013-legal-page-texts';
import * as invitationTokens from './0014-invitation-tokens';
import * as newsSubtitle from './0015-news-subtitle';
import * as publicContentNotifications from './0016-public-content-notifications';
import * as webhooks from './0017-webhooks';
import * as publicNewsIndex from './0018-public-news-index';
import * as auditActions from './0019-audit-actions';
import * as auditVersions from './0020-audit-versions';
import * as trash from './0021-trash';
import * as editPresence from './0022-edit-presence';
import * as securityEvents from './0023-security-events';
import * as activityLog from './0024-activity-log';
import * as savedViews from './0025-saved-views';
import * as emailChanges from './0027-email-changes';
import * as twoFactor from './0028-two-factor';
import * as passkeys from './0029-passkeys';
import * as personalAccessTokens from './0030-personal-access-tokens';
import * as searchTitles from './0031-search-titles';
import * as knownDevices from './0032-known-devices';
import * as wellFormedRichText from './0033-well-formed-rich-text';
import * as managedTables from './0034-managed-tables';
import * as events from './0035-events';
import * as questionnaireKinds from './0036-questionnaire-kinds';
import * as questionnairesAnswered from './0037-questionnaires-answered';
import * as questionnaireResults from './0038-questionnaire-results';
import * as review from './0039-review';
import * as withdrawalAndRevision from './0040-withdrawal-and-revision';
import * as accessibilityReport from './0041-accessibility-report';
import * as documentChecks from './0042-document-checks';
import * as referenceAlternatives from './0043-reference-alternatives';

export interface Migration {
  name: string;
  up: string;
  /**
   * What SQL cannot do (0033 sanitizes stored bodies with lib/rich-text.ts), run after `up` in the
   * same transaction.
   */
  data?(connection: Connection): Promise<unknown>;
}

/** Every migration, in the order it runs. Append; never edit one that has shipped. */
export const MIGRATIONS: Migration[] = [
  auth,
  resources,
  authNotifications,
  targetedChanges,
  mediaAndCategories,
  newsAndPages,
  slidesEntitiesSpaces,
  tests,
  mediaByIdentity,
  indexes,
  categoryPathAnyDepth,
  spanishSearchPlurals,
  legalPageTexts,
  invitationTokens,
  newsSubtitle,
  publicContentNotifications,
  webhooks,
  publicNewsIndex,
  auditActions,
  auditVersions,
  trash,
  editPresence,
  securityEvents,
  activityLog,
  savedViews,
  emailChanges,
  twoFactor,
  passkeys,
  personalAccessTokens,
  searchTitles,
  knownDevices,
  wellFormedRichText,
  managedTables,
  events,
  questionnaireKinds,
  questionnairesAnswered,
  questionnaireResults,
  review,
  withdrawalAndRevision,
  accessibilityReport,
  documentChecks,
  referenceAlternatives,
];

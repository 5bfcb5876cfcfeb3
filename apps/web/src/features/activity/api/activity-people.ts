import { type ActivityPerson, type Area, USERS } from '@gestor/shared';
import { recordOptions } from '../../../components/options/record-options';

/**
 * The person filter's choices: `GET /api/activity/people`, searched and paged as the users list is,
 * but behind `activity.view` (whoever reads the log may name the people in it without `user.view`).
 * The options machinery asks `<contract.area>.view` before it asks the API: here that is
 * `activity.view`, a permission group rather than an area, hence the cast.
 */
export const ACTIVITY_PEOPLE = recordOptions(
  { ...USERS, path: 'activity/people', area: 'activity' as Area, sortable: ['name'], defaultSort: 'name' },
  { value: (person: ActivityPerson) => person.id, label: (person) => person.name, sort: 'name' },
);

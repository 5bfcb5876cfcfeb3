import type { PublishingRules } from '../../components/publishing/publishing';

/** docs/areas.md#rules-shared-by-the-content-areas: page.publish publishes; a page is a draft or published (no schedule). */
export const PAGE_PUBLISHING: PublishingRules = {
  area: 'page',
  permission: 'page.publish',
  scheduling: false,
};

import type { PublishingRules } from '../../components/publishing/publishing';

/** docs/areas.md#rules-shared-by-the-content-areas: news.publish publishes, and news may be scheduled. */
export const NEWS_PUBLISHING: PublishingRules = {
  area: 'news',
  permission: 'news.publish',
  scheduling: true,
};

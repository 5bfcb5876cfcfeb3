import type { PublishingRules } from '../../components/publishing/publishing';

/** AREAS.md "Publishing": news.publish publishes, and news may be scheduled. */
export const NEWS_PUBLISHING: PublishingRules = {
  area: 'news',
  permission: 'news.publish',
  scheduling: true,
};

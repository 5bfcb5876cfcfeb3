import type { PublishingRules } from '../../components/publishing/publishing';

/** As news: event.publish publishes, and an event may be scheduled. */
export const EVENTS_PUBLISHING: PublishingRules = {
  area: 'event',
  permission: 'event.publish',
  scheduling: true,
};

// The public read API lists news that read `published` now, newest first (DELIVERY.md): this index
// holds only published and scheduled items in that order, with their status, so a page is read from
// its first entries and the total of public news is counted from the index alone.
export const name = '0018-public-news-index';

export const up = /* sql */ `
CREATE INDEX news_public ON news (published_at DESC, id DESC) INCLUDE (status)
  WHERE status IN ('published', 'scheduled');
`;

import type { PublicMedia } from '@gestor/shared';

// docs/public-api.md#feeds: RSS 2.0 and the sitemap protocol 0.9, written by hand (two small fixed
// shapes). Valid XML whatever the texts hold: escaped, and without the characters XML 1.0 forbids
// (control characters other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF).

const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text fit for an XML element or a double-quoted attribute. */
export function xmlText(value: string): string {
  return value
    .replace(FORBIDDEN_IN_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** RFC 822 (RSS 2.0's dates): `Wed, 01 Jan 2025 10:00:00 GMT`. */
export const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** What an RSS item says of a public record (a news item, an event). */
export interface FeedRecord {
  slug: string;
  title: string;
  url: string | null;
  published_at: string | null;
  /** The item's description: a news item's excerpt, an event's date and place. */
  excerpt: string | null;
  categories: ReadonlyArray<{ name: string }>;
  cover: PublicMedia | null;
}

export interface FeedItem {
  item: FeedRecord;
  cover: { size: number | string; mime: string } | null;
}

export function rssFeed({
  title,
  link,
  self,
  description,
  items,
  apiUrl,
}: {
  title: string;
  /** The website (or Gestor's address when no template is configured). */
  link: string;
  /** This feed's own address. */
  self: string;
  description: string;
  items: FeedItem[];
  /** The API's address of a record, the guid of an item the website has no address for. */
  apiUrl: (slug: string) => string;
}): string {
  const newest = items[0]?.item.published_at;
  const entries = items.map(({ item, cover }) => {
    const parts = [element('title', item.title)];
    if (item.url) parts.push(element('link', item.url));
    parts.push(
      item.url
        ? `<guid isPermaLink="true">${xmlText(item.url)}</guid>`
        : `<guid isPermaLink="false">${xmlText(apiUrl(item.slug))}</guid>`,
    );
    if (item.published_at) parts.push(element('pubDate', rfc822(item.published_at)));
    if (item.excerpt) parts.push(element('description', item.excerpt));
    for (const category of item.categories) parts.push(element('category', category.name));
    if (item.cover && cover) {
      parts.push(
        `<enclosure url="${xmlText(item.cover.url)}" length="${Number(cover.size)}" type="${xmlText(cover.mime)}" />`,
      );
    }
    return `<item>${parts.join('')}</item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', title),
    element('link', link),
    element('description', description),
    '<language>es</language>',
    ...(newest ? [element('lastBuildDate', rfc822(newest))] : []),
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function sitemap(entries: Array<{ url: string; lastmod: string }>): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => `<url>${element('loc', entry.url)}${element('lastmod', entry.lastmod)}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

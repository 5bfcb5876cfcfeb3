import type { MediaRecord } from '@gestor/shared';
import { expect, test } from 'vitest';
import { pickedImageOf } from './rich-text-image';

const BASE = 'https://gestor.example/storage/media';
const record = (changes: Partial<MediaRecord>): MediaRecord => ({
  id: 1,
  file: 'ab12.jpg',
  original_name: 'pleno.jpg',
  mime_type: 'image/jpeg',
  kind: 'image',
  size: 1000,
  width: 3000,
  height: 2000,
  alt: 'Pleno municipal',
  title: null,
  checksum: '0'.repeat(64),
  url: `${BASE}/ab12.jpg`,
  variants: {
    thumbnail: { url: `${BASE}/ab12-thumb.webp`, width: 320, height: 213 },
    medium: { url: `${BASE}/ab12-medium.webp`, width: 1280, height: 853 },
  },
  uploaded_by: null,
  usage_count: 0,
  type_notice: null,
  document_check: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...changes,
});

test('a large image goes in as its medium variant, with its text alternative', () => {
  expect(pickedImageOf(record({}))).toEqual({
    id: 1,
    url: `${BASE}/ab12-medium.webp`,
    alt: 'Pleno municipal',
    width: 1280,
    height: 853,
  });
});

test('small images and GIFs keep their original; no alt reads as decorative', () => {
  const small = record({
    width: 800,
    height: 600,
    variants: { thumbnail: null, medium: { url: `${BASE}/m.webp`, width: 800, height: 600 } },
  });
  expect(pickedImageOf(small)).toMatchObject({ url: `${BASE}/ab12.jpg`, width: 800 });
  expect(pickedImageOf(record({ mime_type: 'image/gif', alt: null }))).toEqual({
    id: 1,
    url: `${BASE}/ab12.jpg`,
    alt: '',
    width: 3000,
    height: 2000,
  });
});

import { describe, expect, it } from 'vitest';
import { asSummary, extensionOf, kindOf, mediaName, thumbnailUrl, typeLabel } from './media-kind';

describe('media kinds and names', () => {
  it('names the type by the stored mime type, not the original name', () => {
    const media = {
      id: 1,
      url: '/storage/media/abc.pdf',
      mime_type: 'application/pdf',
      original_name: 'x.doc',
    };
    expect(extensionOf(media)).toBe('PDF');
    expect(typeLabel(media)).toBe('PDF');
    expect(kindOf(media)).toBe('document');
  });

  it('falls back to the extension of the name for an unknown type', () => {
    expect(extensionOf({ id: 1, url: '/storage/media/abc', original_name: 'acta.Rtf' })).toBe('RTF');
  });

  it('prefers the title, then the original name, then the id', () => {
    expect(mediaName({ id: 3, url: 'u', title: 'Cartel', original_name: 'cartel.jpg' })).toBe('Cartel');
    expect(mediaName({ id: 3, url: 'u', title: null, original_name: 'cartel.jpg' })).toBe('cartel.jpg');
    expect(mediaName({ id: 3, url: 'u' })).toBe('#3');
  });

  it('draws images by their thumbnail variant, and nothing else as a picture', () => {
    const variant = { url: '/t.webp', width: 320, height: 240 };
    expect(
      thumbnailUrl({ id: 1, url: '/a.jpg', kind: 'image', variants: { thumbnail: variant, medium: null } }),
    ).toBe('/t.webp');
    expect(thumbnailUrl({ id: 1, url: '/a.jpg', kind: 'image' })).toBe('/a.jpg');
    expect(thumbnailUrl({ id: 1, url: '/a.pdf', kind: 'document' })).toBeNull();
  });

  it('reads a reference carried by another record (MediaRef) as a library item', () => {
    const summary = asSummary({
      id: 7,
      name: 'logo.png',
      url: '/storage/media/logo.png',
      alt: 'Logotipo',
      width: 600,
      height: 300,
      thumbnail_url: '/storage/media/logo-thumb.webp',
    });
    expect(summary.original_name).toBe('logo.png');
    expect(kindOf(summary)).toBe('image');
    expect(thumbnailUrl(summary)).toBe('/storage/media/logo-thumb.webp');
    expect(summary.alt).toBe('Logotipo');
  });
});

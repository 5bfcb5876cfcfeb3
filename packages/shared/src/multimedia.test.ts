import { describe, expect, test } from 'vitest';
import { detectedTypeNotice, formatFileSize } from './multimedia';

// Issue 16: sizes in decimal units with the Spanish comma, as a Spanish office reads them.
describe('formatFileSize', () => {
  test.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 kB'],
    [195_800, '195,8 kB'],
    [195_849, '195,8 kB'],
    [999_950, '1 MB'],
    [2_400_000, '2,4 MB'],
    [20_000_000, '20 MB'],
    [3_500_000_000, '3,5 GB'],
  ])('%i bytes read "%s"', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text.replace(' ', '\u00a0'));
  });
});

describe('detectedTypeNotice', () => {
  test.each([
    ['foto.jpg', 'text/plain', 'Se ha subido como documento de texto: su contenido no es una imagen JPEG.'],
    ['FOTO.JPEG', 'image/png', 'Se ha subido como imagen PNG: su contenido no es una imagen JPEG.'],
    ['datos.csv', 'text/plain', 'Se ha subido como documento de texto: su contenido no es una tabla CSV.'],
    ['acta.pdf', 'text/plain', 'Se ha subido como documento de texto: su contenido no es un documento PDF.'],
    ['clip.mp4', 'audio/mpeg', 'Se ha subido como audio MP3: su contenido no es un vídeo MP4.'],
  ])('%s read as %s', (name, mime, notice) => {
    expect(detectedTypeNotice(name, mime)).toBe(notice);
  });

  test.each([
    ['foto.jpg', 'image/jpeg'],
    ['foto.jfif', 'image/jpeg'],
    ['notas', 'text/plain'],
    ['notas.md', 'text/plain'],
    ['.jpg', 'text/plain'],
  ])('%s as %s says nothing', (name, mime) => {
    expect(detectedTypeNotice(name, mime)).toBeNull();
  });
});

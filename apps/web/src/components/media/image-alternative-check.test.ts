import { EVENTS, findingSentence, NEWS, PAGES, SLIDES } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import {
  alternativeFieldsOf,
  alternativeHint,
  findingToShow,
  imageAlternativeFinding,
  imageReferenceOf,
} from './image-alternative-check';

const COVER = { element: 'Imagen de portada' };
const SLIDE = { emptyIsDecorative: true };
const chosen = { id: 12, libraryAlt: null, ownAlt: null, decorative: false };

describe('the image reference of a form', () => {
  it('is the one whose alternative belongs to the use, with its two fields beside it', () => {
    expect(imageReferenceOf(NEWS.fields)).toBe('cover');
    expect(imageReferenceOf(EVENTS.fields)).toBe('cover');
    expect(imageReferenceOf(SLIDES.fields)).toBe('image');
    expect(imageReferenceOf(PAGES.fields)).toBeUndefined();
    const { alt, decorative } = alternativeFieldsOf('cover');
    expect(NEWS.fields).toHaveProperty(alt);
    expect(NEWS.fields).toHaveProperty(decorative);
  });
});

describe('the live check of an image’s alternative in its use', () => {
  it('finds a cover with no alternative anywhere, as the API says it', () => {
    const finding = imageAlternativeFinding(chosen, COVER);
    expect(finding && findingSentence(finding)).toBe(
      'Imagen de portada: escriba un texto alternativo que diga lo que la imagen muestra aquí, o márquela como decorativa si no aporta nada al texto. (UNE-EN 301 549, 9.1.1.1)',
    );
    // Blank is none.
    expect(imageAlternativeFinding({ ...chosen, ownAlt: '   ' }, COVER)?.rule).toBe('image-alt-missing');
  });

  it('passes its own alternative, the library’s, or a decorative mark', () => {
    expect(imageAlternativeFinding({ ...chosen, ownAlt: 'Vecinos en la plaza' }, COVER)).toBeNull();
    expect(imageAlternativeFinding({ ...chosen, libraryAlt: 'Pleno del ayuntamiento' }, COVER)).toBeNull();
    expect(imageAlternativeFinding({ ...chosen, decorative: true }, COVER)).toBeNull();
    expect(imageAlternativeFinding({ ...chosen, ownAlt: 'imagen', decorative: true }, COVER)).toBeNull();
  });

  it('finds an alternative that says nothing, its own or the library’s', () => {
    expect(imageAlternativeFinding({ ...chosen, ownAlt: 'imagen' }, COVER)?.rule).toBe(
      'image-alt-meaningless',
    );
    expect(imageAlternativeFinding({ ...chosen, libraryAlt: 'IMG_2041.jpg' }, SLIDE)?.rule).toBe(
      'image-alt-meaningless',
    );
    // Its own covers the library's.
    expect(
      imageAlternativeFinding({ ...chosen, libraryAlt: 'foto', ownAlt: 'Cartel del concierto' }, SLIDE),
    ).toBeNull();
  });

  it('reads a slide’s image with no alternative anywhere as decorative', () => {
    expect(imageAlternativeFinding(chosen, SLIDE)).toBeNull();
  });

  it('says nothing without an image, or while the library’s alternative is not known', () => {
    expect(imageAlternativeFinding({ ...chosen, id: null }, COVER)).toBeNull();
    expect(imageAlternativeFinding({ ...chosen, libraryAlt: undefined }, COVER)).toBeNull();
    // Its own alternative is checked without waiting for the library.
    expect(
      imageAlternativeFinding({ ...chosen, libraryAlt: undefined, ownAlt: 'imagen' }, COVER),
    ).not.toBeNull();
  });

  it('is not said twice when the server’s message under the box is the same sentence', () => {
    const finding = imageAlternativeFinding(chosen, COVER);
    const sentence = finding && findingSentence(finding);
    expect(findingToShow(finding, sentence ?? undefined)).toBeNull();
    expect(
      findingToShow(
        finding,
        'La portada tiene un error de accesibilidad: corríjalo o indique el motivo para publicarlo así.',
      ),
    ).toBe(sentence);
    expect(findingToShow(null, undefined)).toBeNull();
  });
});

describe('the hint under the text box', () => {
  it('quotes the library’s alternative as the default', () => {
    expect(alternativeHint({ libraryAlt: ' Pleno del ayuntamiento ', decorative: false }, COVER)).toBe(
      'Si lo deja vacío, se usa el de la biblioteca: «Pleno del ayuntamiento».',
    );
    expect(alternativeHint({ libraryAlt: undefined, decorative: false }, COVER)).toBe(
      'Si lo deja vacío, se usa el de la biblioteca.',
    );
  });

  it('says what an empty box means when the library has none: an error for a cover, decorative on a slide', () => {
    expect(alternativeHint({ libraryAlt: null, decorative: false }, COVER)).toBe(
      'La imagen no tiene texto alternativo en la biblioteca: escriba uno o márquela como decorativa.',
    );
    expect(alternativeHint({ libraryAlt: '', decorative: false }, SLIDE)).toBe(
      'La imagen no tiene texto alternativo en la biblioteca: si lo deja vacío, se muestra como decorativa.',
    );
  });

  it('says why the box is off when the image is decorative', () => {
    expect(alternativeHint({ libraryAlt: 'Pleno', decorative: true }, COVER)).toMatch(
      /^Desactivado: la imagen está marcada como decorativa/,
    );
  });
});

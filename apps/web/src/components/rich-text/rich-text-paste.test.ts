import { describe, expect, test } from 'vitest';
import { cleanPastedHtml } from './rich-text-paste';

describe('cleanPastedHtml', () => {
  test('Word: styles, classes, spans, <o:p>, head and conditional comments go; meaning stays', () => {
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8">' +
      '<style>p.MsoNormal{margin:0cm}</style><!--[if gte mso 9]><xml><o:OfficeDocumentSettings>' +
      '</o:OfficeDocumentSettings></xml><![endif]--></head><body lang=ES><!--StartFragment-->' +
      "<p class=MsoNormal style='margin-bottom:0cm'><b><span style='font-size:12.0pt'>Convocatoria</span></b>" +
      "<span style='font-family:\"Arial\"'> de <i>ayudas</i> <span style='mso-bidi-font-weight:bold'>" +
      'municipales</span><o:p>&nbsp;</o:p></span></p>' +
      "<table class=MsoTableGrid border=1 style='border-collapse:collapse'><tr>" +
      "<td width=100 valign=top colspan=2 style='width:100pt'><p class=MsoNormal>Plazo<o:p></o:p></p></td>" +
      '</tr></table><!--EndFragment--></body></html>';
    expect(cleanPastedHtml(word)).toBe(
      '<p><strong>Convocatoria</strong> de <i>ayudas</i> municipales</p>' +
        '<table><tr><td colspan="2"><p>Plazo</p></td></tr></table>',
    );
  });

  test('Word: list paragraphs become real lists, numbered or not, nested by level', () => {
    const item = (list: string, level: number, marker: string, text: string) =>
      `<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt;mso-list:${list} level${level} lfo1'>` +
      `<![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}` +
      `<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>\n`;
    const word =
      '<p class=MsoNormal>Requisitos:</p>\n' +
      item('l0', 1, '1.', 'Ser mayor de edad') +
      item('l0', 2, '·', 'con <b>DNI</b>') +
      item('l0', 2, '·', 'o NIE') +
      item('l0', 1, '2.', 'Estar empadronado') +
      '<p class=MsoNormal>Fin.</p>';
    expect(cleanPastedHtml(word)).toBe(
      '<p>Requisitos:</p>' +
        '<ol><li><p>Ser mayor de edad</p><ul><li><p>con <strong>DNI</strong></p></li><li><p>o NIE</p></li></ul>' +
        '</li><li><p>Estar empadronado</p></li></ol>\n' +
        '<p>Fin.</p>',
    );
  });

  test('Word as Chrome hands it over: the markers in comments, or in mso-list:Ignore spans', () => {
    const commented =
      "<p style='mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>a)<span>&nbsp; </span></span>" +
      '<!--[endif]-->Primero</p>' +
      "<p style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>b)<span style='font:7pt'>&nbsp;</span>" +
      '</span>Segundo</p>';
    expect(cleanPastedHtml(commented)).toBe('<ol><li><p>Primero</p></li><li><p>Segundo</p></li></ol>');
  });

  test('Google Docs: the not-bold wrapper goes, styled spans become strong, em, u, s', () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b">' +
      '<p dir="ltr" style="line-height:1.38;margin-top:0pt"><span style="font-size:11pt;font-weight:700;">Hola</span>' +
      '<span style="font-style:italic;text-decoration:underline;"> mundo</span>' +
      '<span style="text-decoration:line-through">viejo</span> ' +
      '<a href="https://www.boe.es/" style="text-decoration:none;"><span style="color:#1155cc;' +
      'text-decoration:underline;">BOE</span></a></p></b><br>';
    expect(cleanPastedHtml(docs)).toBe(
      '<p><strong>Hola</strong><em><u> mundo</u></em><s>viejo</s> <a href="https://www.boe.es/">BOE</a></p><br />',
    );
  });

  test('keeps where links and images go; drops scripts, handlers and unknown attributes', () => {
    expect(
      cleanPastedHtml(
        '<p id="x" onclick="alert(1)"><a href="/a" target="_blank" class="c" onmouseover="x()">a</a>' +
          '<img src="https://i.example/a.png" alt="Foto" width="20" style="float:left"></p>' +
          '<script>alert(1)</script><style>p{}</style><?xml:namespace prefix = o ?>',
      ),
    ).toBe(
      '<p><a href="/a" target="_blank">a</a><img src="https://i.example/a.png" alt="Foto" width="20" /></p>',
    );
  });

  test("drops images from the person's disk or inline data", () => {
    expect(
      cleanPastedHtml(
        '<p>a<img src="file:///C:/Users/ana/AppData/Local/Temp/msohtmlclip1/01/clip_image002.jpg">' +
          '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">b</p>',
      ),
    ).toBe('<p>ab</p>');
  });

  test('plain HTML passes through', () => {
    const html = '<h2>Título</h2><ul><li>uno</li></ul><blockquote><p>cita</p></blockquote>';
    expect(cleanPastedHtml(html)).toBe(html);
  });
});

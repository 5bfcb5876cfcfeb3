import { describe, expect, test } from 'vitest';
import { type Found, idsInRichText, storedImageRule } from '../modules/multimedia/media-links';
import { libraryFileOf } from '../modules/multimedia/media-refs';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, sanitizeRichText } from './rich-text';

// The allowlist with the rule the multimedia module gives it for images (library images by id).
const MEDIA = 'http://localhost:8000/storage/media';
const CDN = 'https://cdn.example.org/gestor/media/';
const fileOf = libraryFileOf([MEDIA, CDN]);
const cleanNoting = (html: string) => {
  const found: Found = { ids: new Set(), files: new Set() };
  return { html: sanitizeRichText(html, { image: storedImageRule(fileOf, found) }), found };
};
const clean = (html: string) => cleanNoting(html).html;

// Vectors in the style of OWASP's XSS filter evasion cheat sheet and known sanitizer bypasses,
// written for this allowlist. Each must come out with nothing that could run or restyle the page.
const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<script\x20type="text/javascript">alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<img/src="x"/onerror=alert(1)>',
  '<IMG """><SCRIPT>alert(1)</SCRIPT>">',
  '<img src=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=javascript:alert(1)>x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="jav\u0000ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="&#1;javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="/ok" onmouseover="alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)" target="_blank">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src=data:text/html,<script>alert(1)</script>>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<td style="background:url(javascript:alert(1))">x</td>',
  '<img src="https://ok.example/x.png" style="x:expression(alert(1))" class="evil">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<p/onclick=alert(1)>x',
  '<img src=x onerror=alert(1)//',
  '<<script>alert(1)//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<style><img src="</style><img src=x onerror=alert(1)//">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="//evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<a href="\\\\evil.example">x</a>',
];

const TAGS = new Set<string>(RICH_TEXT_TAGS);
// sanitize-html's output grammar: text has no raw < or >, attribute values are double-quoted with
// " < > escaped. Checked here by a tokenizer of our own, not by the sanitizer's parser.
const TAG_TOKEN = /^<(\/?)([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)( \/)?>$/;
const ATTRIBUTE = / ([a-z]+)="([^"]*)"/g;

/** Every tag and attribute of `html` is on the allowlist, with values of the allowed kinds. */
function expectOnlyAllowlisted(html: string) {
  const tokens = html.split(/(<[^>]*>)/);
  tokens.forEach((token, index) => {
    if (index % 2 === 0) {
      expect(token, `text ${JSON.stringify(token)}`).not.toMatch(/[<>]/);
      return;
    }
    const match = TAG_TOKEN.exec(token);
    expect(match, `tag ${token}`).not.toBeNull();
    const [, closing, name, attributes] = match!;
    expect(TAGS.has(name!), `tag <${name}>`).toBe(true);
    if (closing) expect(attributes).toBe('');
    for (const [, attribute, value] of attributes!.matchAll(ATTRIBUTE)) {
      expect(RICH_TEXT_ATTRIBUTES[name!] ?? [], `${name}[${attribute}]`).toContain(attribute);
      if (attribute === 'href')
        expect(value).toMatch(/^(https?:|mailto:|tel:|[^:/\\]*(?:[/?#]|$)|\/[^/\\])/i);
      if (attribute === 'src')
        expect(value!.startsWith(`${MEDIA}/`) || /^https:\/\//i.test(value!)).toBe(true);
      if (attribute === 'target') expect(value).toBe('_blank');
      if (attribute === 'rel') expect(value).toBe('noopener noreferrer');
      if (['width', 'height', 'colspan', 'rowspan'].includes(attribute!)) expect(value).toMatch(/^[1-9]\d*$/);
    }
  });
}

describe('sanitizeRichText: XSS payloads', () => {
  test('there are at least 40 of them', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(XSS_PAYLOADS)('%s', (payload) => {
    const output = clean(payload);
    expect(output).not.toMatch(/<script/i);
    expect(output).not.toMatch(/on\w+\s*=/i);
    expect(output).not.toMatch(/javascript:/i);
    expect(output).not.toMatch(/vbscript:|data:/i);
    expect(output).not.toMatch(/style\s*=/i);
    expectOnlyAllowlisted(output);
    expect(clean(output)).toBe(output);
  });

  test('what survives of a payload is harmless text or allowlisted markup', () => {
    expect(clean('<script>alert(1)</script><p>Hola</p>')).toBe('<p>Hola</p>');
    expect(clean('<style>p{color:red}</style>Texto')).toBe('Texto');
    expect(clean('<a href="javascript:alert(1)">pulse</a>')).toBe('pulse');
    expect(clean('<img src="https://ok.example/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://ok.example/a.png" alt="" />',
    );
    expect(clean('<p onclick="alert(1)" class="x" id="y">x</p>')).toBe('<p>x</p>');
    expect(clean('<svg><text>dibujo</text></svg><math><mi>x</mi></math>fin')).toBe('fin');
    expect(clean('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
  });
});

describe('sanitizeRichText: what the editor and editors need', () => {
  test('formatting, headings and paragraphs are kept', () => {
    const html =
      '<h2>Título</h2><h3>Sub</h3><h4>Apartado</h4><p><strong>negrita</strong>, <em>cursiva</em>, ' +
      '<u>subrayado</u>, <s>tachado</s>, <code>código</code><br />línea</p><p></p>' +
      '<blockquote><p>Cita</p></blockquote><pre><code>const a = 1;</code></pre><hr />';
    expect(clean(html)).toBe(html);
  });

  test('lists, nested lists and tables keep their shape', () => {
    const lists = '<ul><li><p>uno</p><ol><li>dos</li></ol></li></ul>';
    expect(clean(lists)).toBe(lists);
    const table =
      '<table><thead><tr><th colspan="2">Plazo</th></tr></thead><tbody><tr><td rowspan="2">' +
      '<p>Solicitudes</p></td><td>1 de junio</td></tr></tbody></table>';
    expect(clean(table)).toBe(table);
    expect(
      clean(
        '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"></colgroup>' +
          '<tbody><tr><th colspan="1" rowspan="1" colwidth="120"><p>A</p></th><td colspan="0" rowspan="x">' +
          '<p>B</p></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>A</p></th><td><p>B</p></td></tr></tbody></table>',
    );
  });

  test('a figure with its caption', () => {
    const html = `<figure><img data-media-id="7" alt="Pleno" /><figcaption>El pleno</figcaption></figure>`;
    expect(clean(html)).toBe(html);
  });

  test('links of each allowed kind keep their href', () => {
    for (const href of [
      'https://www.boe.es/diario_boe/',
      'http://ejemplo.org',
      'mailto:info@ayuntamiento.es',
      'tel:+34910000000',
      '/paginas/aviso-legal',
      '#contacto',
      'anexo.pdf',
      '?pagina=2',
    ]) {
      expect(clean(`<a href="${href}">enlace</a>`)).toBe(`<a href="${href}">enlace</a>`);
    }
    expect(clean('<a href="https://a.example/?x=1&amp;y=2">q</a>')).toBe(
      '<a href="https://a.example/?x=1&amp;y=2">q</a>',
    );
  });

  test('target=_blank gets rel="noopener noreferrer"; other targets and rels go', () => {
    expect(clean('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(clean('<a href="https://a.example" target="_BLANK" rel="opener nofollow">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(clean('<a href="https://a.example" target="_top" rel="opener">a</a>')).toBe(
      '<a href="https://a.example">a</a>',
    );
  });

  test('refused links keep their words; protocol-relative ones are refused', () => {
    expect(clean('<p><a href="//evil.example">otro sitio</a></p>')).toBe('<p>otro sitio</p>');
    expect(clean('<p><a href="ftp://files.example">ftp</a> y <a>sin destino</a></p>')).toBe(
      '<p>ftp y sin destino</p>',
    );
  });

  test("this API's media images are kept (http on a local install too), and https images", () => {
    expect(clean(`<img src="${MEDIA}/0a1b2c.jpg" alt="Plaza">`)).toBe(
      `<img src="${MEDIA}/0a1b2c.jpg" alt="Plaza" />`,
    );
    expect(clean(`<img src="${CDN}0a1b2c-medium.webp">`)).toBe(
      `<img src="${CDN}0a1b2c-medium.webp" alt="" />`,
    );
    expect(clean('<img src="https://images.example/foto.png" alt="">')).toBe(
      '<img src="https://images.example/foto.png" alt="" />',
    );
  });

  test('other images are removed: plain http, relative, other paths under the media host', () => {
    expect(clean('<p>a<img src="http://images.example/foto.png" alt="x">b</p>')).toBe('<p>ab</p>');
    expect(clean('<img src="/storage/media/a.jpg">')).toBe('');
    expect(clean(`<img src="${MEDIA}/../../etc/passwd">`)).toBe('');
    expect(clean(`<img src="${MEDIA}-evil/a.jpg">`)).toBe('');
    expect(clean('<img alt="sin origen">')).toBe('');
  });

  test('image sizes must be numbers', () => {
    expect(clean('<img src="https://i.example/a.png" width="100%" height="200px">')).toBe(
      '<img src="https://i.example/a.png" alt="" />',
    );
  });

  test('Word-like paste is reduced to clean markup', () => {
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8">' +
      '<title>Doc</title><style>p.MsoNormal{margin:0cm}</style><!--[if gte mso 9]><xml>' +
      '<o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]--></head>' +
      "<body lang=ES style='tab-interval:35.4pt'><!--StartFragment-->" +
      "<p class=MsoNormal style='margin-bottom:0cm'><b><span style='font-size:12.0pt;" +
      'font-family:"Arial",sans-serif\'>Convocatoria</span></b><span style=\'font-family:"Arial"\'> de ' +
      '<i>ayudas</i><o:p></o:p></span></p>' +
      "<h1 style='mso-margin-top-alt:auto'><span lang=ES>Bases</span></h1>" +
      "<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse'>" +
      "<tr><td width=100 valign=top style='width:100pt'><p class=MsoNormal>Plazo<o:p>&nbsp;</o:p></p></td></tr>" +
      '</table><!--EndFragment--></body></html>';
    expect(clean(word)).toBe(
      '<p><strong>Convocatoria</strong> de <em>ayudas</em></p><h2>Bases</h2>' +
        '<table><tbody><tr><td><p>Plazo\u00a0</p></td></tr></tbody></table>',
    );
  });

  test("Google Docs' not-bold wrapper is unwrapped, its spans dropped", () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234">' +
      '<p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-weight:700">Hola</span>' +
      '<span style="font-size:11pt"> mundo</span></p></b>';
    expect(clean(docs)).toBe('<p>Hola mundo</p>');
  });

  test('running it twice changes nothing', () => {
    for (const html of [
      '<p>a<b>b<i>c</b>d</i></p>',
      '<p><ul><li>x</li></ul></p>',
      '<table><p>fuera</p><tr><td>x</td></tr></table>',
      '<ul><li>uno<li>dos</ul>',
      "<p>&nbsp;&amp;&lt;&gt;&quot;'</p>",
      `<a href="/a?b=1&c=2" target=_blank>x</a><img src="${MEDIA}/a.jpg" alt='"comillas"'>`,
      '<h1>a</h1><h5>b</h5><strike>c</strike><del>d</del><ins>e</ins>',
    ]) {
      const once = clean(html);
      expect(clean(once)).toBe(once);
    }
  });
});

describe('library images', () => {
  test('are stored by id with their text alternative: address, sizes and anything else go', () => {
    const { html, found } = cleanNoting(
      `<img data-media-id="12" src="${MEDIA}/aa11.jpg" alt="Plaza" width="640" height="480" ` +
        `srcset="${MEDIA}/aa11-medium.webp 1280w" sizes="100vw" onerror="alert(1)">`,
    );
    expect(html).toBe('<img data-media-id="12" alt="Plaza" />');
    expect([...found.ids]).toEqual([12]);
  });

  test('one named by its address is noted by file, to be turned into its id', () => {
    const { html, found } = cleanNoting(
      `<p><img src="${MEDIA}/aa11.jpg" alt="a"><img src="${CDN}bb22-medium.webp"></p>` +
        `<img src="https://otro.example/aa11.jpg"><a href="${MEDIA}/cc33.pdf">PDF</a>`,
    );
    expect([...found.files]).toEqual(['aa11.jpg', 'bb22-medium.webp']);
    expect(html).toContain(`<img src="${MEDIA}/aa11.jpg" alt="a" />`);
  });

  test('an id that is not a whole number of a column is not an id', () => {
    for (const id of ['0', '-1', '1e3', '012', '9999999999', 'x', '']) {
      const { html, found } = cleanNoting(`<img data-media-id="${id}" alt="x">`);
      expect(found.ids.size, id).toBe(0);
      expect(html, id).toBe('');
    }
  });

  test('idsInRichText reads the ids of a stored body, each once', () => {
    const stored = clean(
      '<p><img data-media-id="3" alt="a"></p><img data-media-id="5"><img data-media-id="3" alt="b">',
    );
    expect(idsInRichText(stored)).toEqual([3, 5]);
    expect(idsInRichText('<p>Texto</p>')).toEqual([]);
  });
});

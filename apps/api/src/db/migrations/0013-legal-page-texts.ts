// Issue 16: the four legal pages (0006) were seeded with empty bodies, so an office had to write
// each one from nothing. Each now gets a complete Spanish model text with its gaps marked in
// [MAYÚSCULAS ENTRE CORCHETES], to be filled in and reviewed before publishing. Only a page whose body
// is still empty and that nobody has edited (updated_at = created_at, or no "updated" audit row) is
// filled: a text someone wrote, or a body someone emptied on purpose, is never overwritten.
// The HTML uses only tags the rich text allowlist keeps (lib/rich-text.ts): p, h2, h3, ul, li,
// table/thead/tbody/tr/th/td, strong, a.
export const name = '0013-legal-page-texts';

/** LSSI (Ley 34/2002) art. 10: who runs the site and how to reach them. */
export const LEGAL_NOTICE = `<p><strong>Texto modelo.</strong> Complete los datos entre corchetes y revise el texto antes de publicarlo.</p>
<h2>Datos identificativos</h2>
<p>En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI), se informa de los datos de la entidad titular de este sitio web:</p>
<ul>
<li><strong>Titular:</strong> [NOMBRE DE LA ORGANIZACIÓN]</li>
<li><strong>NIF:</strong> [NIF]</li>
<li><strong>Domicilio:</strong> [DIRECCIÓN]</li>
<li><strong>Correo electrónico:</strong> [CORREO DE CONTACTO]</li>
<li><strong>Teléfono:</strong> [TELÉFONO]</li>
<li><strong>Datos registrales:</strong> [REGISTRO EN EL QUE ESTÁ INSCRITA LA ORGANIZACIÓN, TOMO, FOLIO Y HOJA, O «NO APLICA»]</li>
<li><strong>Autorización administrativa o colegio profesional, si la actividad lo exige:</strong> [DATOS O «NO APLICA»]</li>
</ul>
<h2>Objeto</h2>
<p>Este aviso regula el uso del sitio web [DIRECCIÓN DEL SITIO WEB], que [NOMBRE DE LA ORGANIZACIÓN] pone a disposición del público para [FINALIDAD DEL SITIO: INFORMAR DE SUS SERVICIOS, ACTIVIDADES, NOTICIAS…]. Acceder al sitio y usarlo supone aceptar estas condiciones.</p>
<h2>Condiciones de uso</h2>
<p>La persona usuaria se compromete a utilizar el sitio y sus contenidos de forma lícita y de buena fe, y a no emplearlos para actividades contrarias a la ley, que dañen los derechos de terceros o que puedan impedir el funcionamiento normal del sitio.</p>
<h2>Propiedad intelectual e industrial</h2>
<p>Los textos, imágenes, logotipos, diseño y demás contenidos de este sitio pertenecen a [NOMBRE DE LA ORGANIZACIÓN] o a terceros que han autorizado su uso. Se permite consultarlos y citarlos indicando su procedencia; cualquier otro uso, reproducción o transformación necesita autorización previa y por escrito.</p>
<h2>Responsabilidad</h2>
<p>[NOMBRE DE LA ORGANIZACIÓN] procura que la información publicada sea correcta y esté actualizada, pero no garantiza la ausencia de errores ni responde de los daños que pudieran derivarse de su uso. Los enlaces a sitios de terceros se ofrecen solo como referencia; [NOMBRE DE LA ORGANIZACIÓN] no controla ni responde de sus contenidos.</p>
<h2>Protección de datos y cookies</h2>
<p>El tratamiento de los datos personales se explica en la Política de privacidad, y el uso de cookies, en la Política de cookies de este sitio.</p>
<h2>Legislación aplicable</h2>
<p>Este aviso se rige por la legislación española. Para cualquier controversia, las partes se someten a los juzgados y tribunales que correspondan conforme a la ley.</p>
<p>Última actualización: [FECHA].</p>`;

/** RGPD art. 13: what a person must be told when their data is collected. */
export const PRIVACY_POLICY = `<p><strong>Texto modelo.</strong> Complete los datos entre corchetes, borre lo que no corresponda y revise el texto antes de publicarlo.</p>
<h2>Responsable del tratamiento</h2>
<ul>
<li><strong>Responsable:</strong> [NOMBRE DE LA ORGANIZACIÓN], NIF [NIF]</li>
<li><strong>Domicilio:</strong> [DIRECCIÓN]</li>
<li><strong>Correo electrónico:</strong> [CORREO DE CONTACTO]</li>
<li><strong>Delegado de protección de datos:</strong> [NOMBRE O ENTIDAD DEL DELEGADO Y SU CORREO, O «NO SE HA DESIGNADO»]</li>
</ul>
<h2>Qué datos tratamos y para qué</h2>
<p>Tratamos los datos que usted nos facilita a través de los formularios, el correo electrónico u otros medios de contacto, y los que se generan al usar este sitio, con estas finalidades:</p>
<ul>
<li>Atender sus consultas, solicitudes y comunicaciones.</li>
<li>Gestionar las cuentas de las personas que administran el sitio y registrar los cambios que hacen en los contenidos.</li>
<li>[OTRAS FINALIDADES: BOLETÍN, INSCRIPCIÓN EN ACTIVIDADES, GESTIÓN DE SOCIOS…]</li>
</ul>
<p>No se toman decisiones automatizadas ni se elaboran perfiles con sus datos.</p>
<h2>Base jurídica</h2>
<ul>
<li>Su consentimiento, cuando nos escribe o rellena un formulario (artículo 6.1.a del RGPD). Puede retirarlo en cualquier momento sin que ello afecte a lo tratado antes.</li>
<li>La ejecución de un contrato o de medidas precontractuales que usted haya solicitado (artículo 6.1.b).</li>
<li>El cumplimiento de obligaciones legales (artículo 6.1.c).</li>
<li>[EL INTERÉS PÚBLICO O EL EJERCICIO DE PODERES PÚBLICOS (ARTÍCULO 6.1.E), SI LA ORGANIZACIÓN ES UNA ADMINISTRACIÓN PÚBLICA, O EL INTERÉS LEGÍTIMO (ARTÍCULO 6.1.F), INDICANDO CUÁL]</li>
</ul>
<h2>Destinatarios</h2>
<p>Sus datos no se ceden a terceros salvo obligación legal. Pueden acceder a ellos los proveedores que nos prestan servicios (alojamiento web, correo electrónico, [OTROS]) como encargados del tratamiento, con contrato y solo para ese fin. [INDIQUE SI HAY TRANSFERENCIAS FUERA DEL ESPACIO ECONÓMICO EUROPEO Y LA GARANTÍA QUE LAS AMPARA, O «NO SE REALIZAN TRANSFERENCIAS INTERNACIONALES»].</p>
<h2>Cuánto tiempo conservamos los datos</h2>
<p>Los datos se conservan mientras sean necesarios para la finalidad para la que se recogieron y, después, durante los plazos en que puedan exigirse responsabilidades legales. [PLAZOS CONCRETOS, POR EJEMPLO: CONSULTAS, UN AÑO DESDE LA RESPUESTA; CUENTAS DE ADMINISTRACIÓN, MIENTRAS LA PERSONA TENGA ACCESO].</p>
<h2>Sus derechos</h2>
<p>Puede ejercer en cualquier momento los derechos de:</p>
<ul>
<li>acceso a sus datos;</li>
<li>rectificación de los datos inexactos;</li>
<li>supresión de los datos;</li>
<li>limitación del tratamiento;</li>
<li>oposición al tratamiento;</li>
<li>portabilidad de los datos.</li>
</ul>
<h3>Cómo ejercerlos</h3>
<p>Escriba a [CORREO DE CONTACTO] o por correo postal a [DIRECCIÓN], indicando el derecho que ejerce y un medio para acreditar su identidad. Le responderemos en el plazo de un mes.</p>
<h3>Reclamación ante la autoridad de control</h3>
<p>Si considera que no hemos atendido bien sus derechos, puede presentar una reclamación ante la Agencia Española de Protección de Datos (<a href="https://www.aepd.es">www.aepd.es</a>), calle Jorge Juan, 6, 28001 Madrid.</p>
<p>Última actualización: [FECHA].</p>`;

/** AEPD "Guía sobre el uso de las cookies" (2023): what they are, which ones, how to refuse them. */
export const COOKIE_POLICY = `<p><strong>Texto modelo.</strong> Complete los datos entre corchetes, añada a la tabla cualquier otra cookie que use el sitio y revise el texto antes de publicarlo.</p>
<h2>Qué son las cookies</h2>
<p>Una cookie es un pequeño archivo que un sitio web guarda en su navegador al visitarlo. Sirve, por ejemplo, para mantener abierta una sesión o recordar sus preferencias mientras navega.</p>
<h2>Qué cookies usa este sitio</h2>
<p>[NOMBRE DE LA ORGANIZACIÓN] usa únicamente cookies técnicas, necesarias para que el sitio funcione. Estas cookies están exentas de consentimiento (artículo 22.2 de la LSSI) y no se usan para analizar su navegación ni para mostrarle publicidad. [SI EL SITIO PÚBLICO USA COOKIES DE ANALÍTICA, PUBLICIDAD U OTRAS DE TERCEROS, DESCRÍBALAS AQUÍ Y PIDA EL CONSENTIMIENTO ANTES DE INSTALARLAS].</p>
<table>
<thead>
<tr><th>Cookie</th><th>Finalidad</th><th>Duración</th><th>Titular</th></tr>
</thead>
<tbody>
<tr><td>[NOMBRE DE LA APLICACIÓN]_session</td><td>Mantener iniciada la sesión de las personas que administran el sitio. Técnica.</td><td>[DURACIÓN DE LA SESIÓN, POR DEFECTO 2 HORAS SIN ACTIVIDAD; 30 DÍAS SI SE MARCA «RECORDARME»]</td><td>Propia</td></tr>
<tr><td>XSRF-TOKEN</td><td>Proteger los formularios frente a peticiones falsificadas desde otros sitios. Técnica.</td><td>La misma que la sesión</td><td>Propia</td></tr>
<tr><td>[OTRA COOKIE]</td><td>[FINALIDAD]</td><td>[DURACIÓN]</td><td>[PROPIA O NOMBRE DEL TERCERO]</td></tr>
</tbody>
</table>
<h2>Cómo rechazarlas o borrarlas</h2>
<p>Puede bloquear o borrar las cookies desde la configuración de su navegador. Si bloquea las cookies técnicas, no podrá iniciar sesión en la zona de administración. Encontrará las instrucciones en la ayuda de cada navegador:</p>
<ul>
<li><a href="https://support.google.com/chrome/answer/95647">Google Chrome</a></li>
<li><a href="https://support.mozilla.org/es/kb/Borrar%20cookies">Mozilla Firefox</a></li>
<li><a href="https://support.apple.com/es-es/guide/safari/sfri11471/mac">Safari</a></li>
<li><a href="https://support.microsoft.com/es-es/microsoft-edge">Microsoft Edge</a></li>
</ul>
<h2>Cambios y contacto</h2>
<p>Si cambian las cookies que usa el sitio, actualizaremos esta política. Para cualquier duda, escriba a [CORREO DE CONTACTO].</p>
<p>Última actualización: [FECHA].</p>`;

/** RD 1112/2018 and the model statement of Decisión de Ejecución (UE) 2018/1523. */
export const ACCESSIBILITY_STATEMENT = `<p><strong>Texto modelo.</strong> Complete los datos entre corchetes tras revisar el sitio y borre lo que no corresponda.</p>
<p>[NOMBRE DE LA ORGANIZACIÓN] se ha comprometido a hacer accesible su sitio web de conformidad con el Real Decreto 1112/2018, de 7 de septiembre, sobre accesibilidad de los sitios web y aplicaciones para dispositivos móviles del sector público.</p>
<p>Esta declaración de accesibilidad se aplica a [DIRECCIÓN DEL SITIO WEB].</p>
<h2>Situación de cumplimiento</h2>
<p>Este sitio web es [TOTALMENTE / PARCIALMENTE / NO] conforme con el RD 1112/2018 [debido a las excepciones y a la falta de conformidad de los aspectos que se indican a continuación]. El nivel de referencia es el AA de las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.1, recogido en la norma UNE-EN 301549:2022.</p>
<h2>Contenido no accesible</h2>
<p>El contenido que se recoge a continuación no es accesible por lo siguiente:</p>
<h3>Falta de conformidad con el RD 1112/2018</h3>
<ul>
<li>[DESCRIBA CADA PROBLEMA Y EL REQUISITO QUE INCUMPLE, POR EJEMPLO: «ALGUNOS DOCUMENTOS PDF NO TIENEN ETIQUETAS DE ESTRUCTURA (REQUISITO 10.1.3.1 DE LA NORMA)»]</li>
</ul>
<h3>Carga desproporcionada</h3>
<ul>
<li>[NO APLICA, O EL CONTENIDO Y LA RAZÓN]</li>
</ul>
<h3>Contenido que no entra en el ámbito de la legislación aplicable</h3>
<ul>
<li>[POR EJEMPLO: DOCUMENTOS OFIMÁTICOS PUBLICADOS ANTES DEL 20 DE SEPTIEMBRE DE 2018, O CONTENIDOS DE TERCEROS QUE LA ORGANIZACIÓN NO CONTROLA]</li>
</ul>
<h2>Preparación de esta declaración</h2>
<p>Esta declaración se preparó el [FECHA]. El método empleado fue [UNA AUTOEVALUACIÓN DE LA PROPIA ORGANIZACIÓN / UNA EVALUACIÓN DE UN TERCERO: NOMBRE]. Se revisó por última vez el [FECHA DE LA ÚLTIMA REVISIÓN].</p>
<h2>Observaciones y datos de contacto</h2>
<p>Puede comunicarnos cualquier problema de accesibilidad de este sitio, pedir información en un formato accesible sobre un contenido que no lo es, o formular una queja sobre el cumplimiento del RD 1112/2018:</p>
<ul>
<li>por correo electrónico a [CORREO DE CONTACTO DE ACCESIBILIDAD];</li>
<li>por teléfono en el [TELÉFONO];</li>
<li>en persona o por correo postal en [DIRECCIÓN].</li>
</ul>
<p>La unidad responsable de atender estas comunicaciones es [UNIDAD RESPONSABLE DE ACCESIBILIDAD], que le responderá en el plazo máximo de veinte días hábiles.</p>
<h2>Procedimiento de aplicación</h2>
<p>Si, una vez presentada una solicitud de información accesible o una queja, no está de acuerdo con la respuesta o no la recibe en plazo, puede presentar una reclamación ante [ÓRGANO COMPETENTE PARA RESOLVER LAS RECLAMACIONES, SEGÚN EL ARTÍCULO 13 DEL RD 1112/2018], por los medios previstos en la Ley 39/2015, de 1 de octubre, del Procedimiento Administrativo Común de las Administraciones Públicas.</p>
<h2>Contenido opcional</h2>
<p>[MEDIDAS QUE LA ORGANIZACIÓN HA TOMADO PARA MEJORAR LA ACCESIBILIDAD, FORMACIÓN DEL PERSONAL, PLAN DE REVISIONES…]</p>`;

const TEXTS: Array<[slug: string, body: string]> = [
  ['aviso-legal', LEGAL_NOTICE],
  ['politica-de-privacidad', PRIVACY_POLICY],
  ['politica-de-cookies', COOKIE_POLICY],
  ['declaracion-de-accesibilidad', ACCESSIBILITY_STATEMENT],
];

// Dollar quoting keeps the texts readable; none of them contains the delimiter.
export const up = TEXTS.map(
  ([slug, body]) => /* sql */ `
UPDATE pages SET body = $legal$${body}$legal$
 WHERE slug = '${slug}' AND body = ''
   AND (updated_at = created_at
        OR NOT EXISTS (SELECT 1 FROM audits a WHERE a.resource = 'pages' AND a.record_id = pages.id AND a.action = 'updated'));`,
).join('\n');

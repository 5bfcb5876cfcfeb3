import { createHash } from 'node:crypto';

// Decision 049: the answering page works with JavaScript off; this script only adds to it. It is
// plain ES2017 for every browser a person may answer from, served as a file (/t/assets/answer-<hash>.js,
// cached for a year) because the page's CSP allows no inline script. What it does, each part
// starting from what the page's markup says (data attributes), so one file serves every page:
// - the start form (`data-challenge`): solves the proof of work (ALTCHA's SHA-256: the number whose
//   hash with the salt is the challenge) and puts it in the hidden `proof` field before the post;
// - the answers form (`data-autosave`): saves as the person goes (PUT …/answers, debounced) and says
//   so in the polite status line;
// - the deadline (`data-remaining`, seconds by the server's clock): a countdown, told to screen
//   readers at 10, 5 and 1 minutes left;
// - inside an iframe: the page's height and "submitted" to the embedding origins (`data-embed-origins`).

// A template literal of plain JavaScript: no backquote, no `${`, no backslash inside.
const SOURCE = `(function () {
  'use strict';
  var body = document.body;
  var origins = (body.getAttribute('data-embed-origins') || '').split(' ').filter(Boolean);
  var madrid = { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Madrid' };

  function tell(message) {
    if (window.parent === window) return;
    for (var i = 0; i < origins.length; i++) {
      try { window.parent.postMessage(message, origins[i]); } catch (e) { /* a malformed origin */ }
    }
  }

  // The height, to whoever embeds the page (an iframe cannot grow by itself).
  if (window.parent !== window && origins.length) {
    var lastHeight = 0;
    var queued = false;
    var sendHeight = function () {
      queued = false;
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      tell({ type: 'gestor:test-height', height: height });
    };
    var queueHeight = function () {
      if (queued) return;
      queued = true;
      window.requestAnimationFrame(sendHeight);
    };
    sendHeight();
    window.addEventListener('load', queueHeight);
    window.addEventListener('resize', queueHeight);
    if (window.ResizeObserver) new ResizeObserver(queueHeight).observe(body);
  }

  // Just submitted: the embedding page may move on; the flag leaves the address (a reload says nothing).
  if (body.hasAttribute('data-submitted')) {
    tell({ type: 'gestor:test-submitted', slug: body.getAttribute('data-slug') });
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, '', window.location.pathname);
    }
  }

  function hex(buffer) {
    var bytes = new Uint8Array(buffer);
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }

  // ALTCHA v1: the number n in 0..maxnumber with hex(SHA-256(salt + n)) === challenge, in batches.
  function solve(challenge) {
    if (challenge.algorithm !== 'SHA-256' || !window.crypto || !window.crypto.subtle) return Promise.resolve(null);
    var encoder = new TextEncoder();
    var next = 0;
    var max = Number(challenge.maxnumber) || 1000000;
    function batch() {
      var first = next;
      var digests = [];
      for (var i = 0; i < 1000 && next <= max; i++, next++) {
        digests.push(window.crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + next)));
      }
      return Promise.all(digests).then(function (hashes) {
        for (var j = 0; j < hashes.length; j++) if (hex(hashes[j]) === challenge.challenge) return first + j;
        return next > max ? null : batch();
      });
    }
    return batch();
  }

  var startForm = document.querySelector('form[data-challenge]');
  if (startForm) {
    var proofField = startForm.querySelector('input[name="proof"]');
    var startStatus = document.getElementById('start-status');
    var solving = false;
    startForm.addEventListener('submit', function (event) {
      event.preventDefault();
      if (solving) return;
      solving = true;
      if (startStatus) startStatus.textContent = 'Preparando el cuestionario…';
      fetch(startForm.getAttribute('data-challenge'), { headers: { Accept: 'application/json' }, credentials: 'omit' })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (challenge) {
          if (!challenge) return null;
          return solve(challenge).then(function (number) {
            if (number === null) return null;
            return window.btoa(JSON.stringify({
              algorithm: challenge.algorithm,
              challenge: challenge.challenge,
              number: number,
              salt: challenge.salt,
              signature: challenge.signature
            }));
          });
        })
        .catch(function () { return null; })
        .then(function (proof) {
          // Without a proof the server still admits a few starts per address (as with JavaScript off).
          if (proof && proofField) proofField.value = proof;
          startForm.submit();
        });
    });
    // Back to this page from the next one (the back/forward cache): the form may be sent again.
    window.addEventListener('pageshow', function (event) {
      if (event.persisted) solving = false;
    });
  }

  // A refused form's summary of problems takes the focus (autofocus does it too, not everywhere).
  var summary = document.getElementById('errores');
  if (summary && document.activeElement !== summary) summary.focus();

  var answersForm = document.querySelector('form[data-autosave]');
  var saveStatus = document.getElementById('save-status');
  var timer = null;
  var saving = false;
  var again = false;
  var closed = false;

  function say(text) {
    if (saveStatus) saveStatus.textContent = text;
  }

  function answers() {
    var out = {};
    var sets = answersForm.querySelectorAll('fieldset[data-question]');
    for (var i = 0; i < sets.length; i++) {
      var id = sets[i].getAttribute('data-question');
      if (sets[i].getAttribute('data-type') === 'text') {
        var text = sets[i].querySelector('textarea').value;
        out[id] = text.trim() === '' ? null : text;
      } else {
        var chosen = [];
        var boxes = sets[i].querySelectorAll('input:checked');
        for (var j = 0; j < boxes.length; j++) chosen.push(Number(boxes[j].value));
        out[id] = chosen.length ? chosen : null;
      }
    }
    return out;
  }

  function save() {
    timer = null;
    if (closed) return;
    if (saving) { again = true; return; }
    saving = true;
    say('Guardando…');
    fetch(answersForm.getAttribute('data-autosave'), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ answers: answers() })
    })
      .then(function (response) {
        if (response.ok) {
          say('Guardado a las ' + new Date().toLocaleTimeString('es-ES', madrid) + '.');
        } else if (response.status === 409) {
          closed = true;
          return response.json().then(function (data) { say(data.message); }, function () {
            say('Ya no se pueden guardar cambios.');
          });
        } else if (response.status === 422) {
          say('No se ha podido guardar: pulse «Guardar» para ver qué falta.');
        } else {
          say('No se ha guardado automáticamente: pulse «Guardar».');
        }
      })
      .catch(function () { say('Sin conexión: sus cambios se guardarán al pulsar «Guardar».'); })
      .then(function () {
        saving = false;
        if (again) { again = false; save(); }
      });
  }

  if (answersForm) {
    var queueSave = function () {
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, 1200);
    };
    answersForm.addEventListener('change', queueSave);
    answersForm.addEventListener('input', queueSave);
    // The buttons post the whole form, which saves it: nothing is left for the autosave to send.
    answersForm.addEventListener('submit', function () {
      if (timer) clearTimeout(timer);
      closed = true;
    });
  }

  var clock = document.querySelector('[data-remaining]');
  if (clock) {
    var end = Date.now() + Number(clock.getAttribute('data-remaining')) * 1000;
    var shown = document.getElementById('countdown');
    var alertRegion = document.getElementById('time-alert');
    var marks = [600, 300, 60];
    var told = {};
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    var left0 = Math.ceil((end - Date.now()) / 1000);
    // What was already past when the page loaded is not told again.
    for (var m = 0; m < marks.length; m++) if (left0 <= marks[m]) told[marks[m]] = true;
    var tick = function () {
      var left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      var h = Math.floor(left / 3600);
      var rest = h ? h + ':' + pad(Math.floor((left % 3600) / 60)) : String(Math.floor(left / 60));
      if (shown) {
        shown.hidden = false;
        shown.textContent = left > 0 ? 'Quedan ' + rest + ':' + pad(left % 60) : 'El tiempo ha terminado';
      }
      for (var k = 0; k < marks.length; k++) {
        var mark = marks[k];
        if (left <= mark && !told[mark]) {
          for (var l = k; l < marks.length; l++) if (left <= marks[l]) told[marks[l]] = true;
          var minutes = Math.max(1, Math.ceil(left / 60));
          if (alertRegion) alertRegion.textContent = minutes === 1 ? 'Queda 1 minuto.' : 'Quedan ' + minutes + ' minutos.';
        }
      }
      if (left === 0) {
        if (alertRegion) alertRegion.textContent = 'El tiempo ha terminado.';
        clearInterval(interval);
      }
    };
    var interval = setInterval(tick, 1000);
    tick();
  }
})();
`;

/** The script as served, and its address: the name carries a hash of its content (cached for a year). */
export const ANSWER_SCRIPT = {
  source: SOURCE,
  path: `/t/assets/answer-${createHash('sha256').update(SOURCE).digest('hex').slice(0, 12)}.js`,
};

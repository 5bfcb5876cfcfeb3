import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { deleteMedia, measureUploadThroughput, uploadExpectingCreated } from '../lib/multipart-upload.mjs';
import { samplePeakDuring } from '../lib/process-memory.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { round } from '../lib/stats.mjs';
import { startUploadSink } from '../lib/upload-sink-server.mjs';

// Uploads stream to storage; a large file never sits whole in memory.
// (a) MB/s of 20 MB PDF uploads (POST /api/multimedia, multipart, 2 connections one upload after
//     another) against a bare node:http server in its own process that streams the same requests
//     to a file on disk: the floor of "receive 20 MB to disk". Alternating, best of each kept.
// (b) The server's peak RSS growth while 4 of those uploads run in parallel, from /proc/<pid>/status.
// The upload path does not depend on the database engine: measured once (on PGlite).

export const name = 'media-upload';
export const engines = 'once';

const FILE_BYTES = 20_000_000; // 20 MB, under the default UPLOAD_MAX_MB (20 MiB)
const CONNECTIONS = 2;
const PARALLEL = 4;
const ROUNDS = 2;
const MAX_UPLOADS_PER_RUN = 400;
const THROUGHPUT_TARGET = 0.5;
const RSS_TARGET = 40e6;
const UPLOAD_PATH = '/api/multimedia?lang=es';

/**
 * A PDF of exactly `bytes`: the header the API sniffs, filler, and the end-of-file marker. Written
 * in 1 MB pieces of varied text so nothing in the way can shortcut it.
 * @param {string} file
 * @param {number} bytes
 */
async function writePdf(file, bytes) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('%%EOF');
  const handle = await open(file, 'w');
  try {
    await handle.write(head);
    let left = bytes - head.length - tail.length;
    for (let piece = 0; left > 0; piece++) {
      const size = Math.min(left, 1_000_000);
      const chunk = Buffer.alloc(size, `% relleno ${piece} del documento de prueba de Gestor\n`);
      await handle.write(chunk);
      left -= size;
    }
    await handle.write(tail);
  } finally {
    await handle.close();
  }
}

/** @param {number} bytes */
const mb = (bytes) => `${round(bytes / 1e6, 1)} MB`;

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  const pid = /** @type {{ pid?: number }} */ (server).pid;
  if (!pid) throw new Error('the API server exposes no pid to read its memory from');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gestor-bench-media-upload-'));
  const removeDirectory = onCleanup(() => rm(directory, { recursive: true, force: true }));
  const pdf = path.join(directory, 'informe-anual.pdf');
  await writePdf(pdf, FILE_BYTES);

  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  /** @type {number[]} */
  let created = [];
  // Deleted through the API as the case goes, so the disk does not fill up; should the case stop
  // half-way, stopping the server removes its storage directory anyway.
  const removeCreated = async () => {
    const ids = created;
    created = [];
    if (ids.length) await deleteMedia(server.url, headers, ids);
  };
  const upload = {
    url: `${server.url}${UPLOAD_PATH}`,
    headers,
    file: pdf,
    filename: 'informe-anual.pdf',
    contentType: 'application/pdf',
  };
  /** @param {import('node:http').Agent} [agent] */
  const uploadToServer = async (agent) => {
    const result = await uploadExpectingCreated({ ...upload, agent });
    created.push(result.id);
    return result;
  };

  const sink = await startUploadSink();
  const stopSink = onCleanup(sink.stop);
  try {
    // Warm-up: the first upload loads the multipart parser and the storage paths; checks the answer.
    const first = await uploadToServer();
    const record = /** @type {{ kind?: string, size?: number, mime_type?: string }} */ (first.record);
    if (record?.kind !== 'document' || record.size !== FILE_BYTES || record.mime_type !== 'application/pdf') {
      throw new Error(`the upload was stored as ${JSON.stringify(record)}`);
    }
    await uploadExpectingCreated({ ...upload, url: `${sink.url}/` });
    await removeCreated();

    // (b) first, on a server that has taken only the warm-up upload, so earlier growth cannot hide it.
    const memory = await samplePeakDuring(pid, () =>
      Promise.all(Array.from({ length: PARALLEL }, () => uploadToServer())),
    );
    await removeCreated();
    log(
      `${PARALLEL} parallel uploads: RSS ${mb(memory.baseline)} before, peak ${mb(memory.peak)} (+${mb(memory.growth)}), ${memory.samples} samples`,
    );

    // (a) alternating server and sink runs of the same length; the server's uploads are deleted
    // after each run so the disk does not fill up.
    /** @type {Array<Awaited<ReturnType<typeof measureUploadThroughput>>>} */
    const real = [];
    /** @type {Array<Awaited<ReturnType<typeof measureUploadThroughput>>>} */
    const bare = [];
    const runSettings = {
      connections: CONNECTIONS,
      durationSeconds: settings.durationSeconds,
      maxUploads: MAX_UPLOADS_PER_RUN,
    };
    for (let i = 1; i <= ROUNDS; i++) {
      const onServer = await measureUploadThroughput({ ...runSettings, upload: uploadToServer });
      await removeCreated();
      real.push(onServer);
      const onSink = await measureUploadThroughput({
        ...runSettings,
        upload: (agent) => uploadExpectingCreated({ ...upload, url: `${sink.url}/`, agent }),
      });
      bare.push(onSink);
      log(
        `round ${i}: server ${round(onServer.megabytesPerSecond, 1)} MB/s (${onServer.uploads} uploads), bare ${round(onSink.megabytesPerSecond, 1)} MB/s (${onSink.uploads} uploads)`,
      );
    }

    const bestReal = Math.max(...real.map((r) => r.megabytesPerSecond));
    const bestBare = Math.max(...bare.map((r) => r.megabytesPerSecond));
    const ratio = bestReal / bestBare;
    const best = real.find((r) => r.megabytesPerSecond === bestReal);
    return [
      {
        measurement: 'POST /api/multimedia 20 MB PDF, MB/s',
        engine: server.engine,
        figure: `${round(bestReal, 1)} MB/s (${round(best?.uploadsPerSecond ?? 0, 2)} uploads/s)`,
        baseline: `${round(bestBare, 1)} MB/s (node:http body → file)`,
        ratio: round(ratio),
        target: `ratio ≥ ${THROUGHPUT_TARGET}`,
        met: ratio >= THROUGHPUT_TARGET,
        data: { fileBytes: FILE_BYTES, connections: CONNECTIONS, rounds: ROUNDS, server: real, bare },
        notes: [
          `best of ${ROUNDS} alternating ${settings.durationSeconds} s runs, ${CONNECTIONS} connections, one upload after another on each; the request body is streamed from disk`,
        ],
      },
      {
        measurement: `${PARALLEL} parallel 20 MB uploads, server RSS growth`,
        engine: server.engine,
        figure: `+${mb(memory.growth)}`,
        baseline: `${mb(memory.baseline)} RSS before`,
        ratio: null,
        target: `≤ ${mb(RSS_TARGET)}`,
        met: memory.growth <= RSS_TARGET,
        data: memory,
        notes: [
          `VmRSS sampled every 20 ms (${memory.samples} samples, peak ${mb(memory.sampledPeak)})${memory.hwmReset ? `; VmHWM reset before, ${mb(memory.hwmAfter)} after` : '; VmHWM could not be reset, samples only'}`,
        ],
      },
    ];
  } finally {
    await stopSink();
    await removeCreated().catch((/** @type {Error} */ error) =>
      log(`could not delete the uploaded items: ${error.message}`),
    );
    await removeDirectory();
  }
}

import type { TestCodesMade } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import './codes-print.css';

// The codes of a batch as a sheet to print and cut: one card per code with the test's title, the code
// in large monospace and a QR code that opens the test with it. A view over the whole screen; when
// printed, only its cards are (codes-print.css). The QR library is loaded here only, on demand.

/** Blank modules around a QR code (ISO/IEC 18004 asks for 4), so phones read it on any background. */
const QUIET_ZONE = 4;
/** Codes turned into QR codes between two paints: a batch of thousands keeps the page responsive. */
const PER_SLICE = 100;

interface QrShape {
  size: number;
  path: string;
}

/** The dark modules as one SVG path, row by row, a run of dark modules one rectangle. */
function qrShape(modules: { size: number; get: (row: number, col: number) => number }): QrShape {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
}

/** The QR codes of every code's address, made a slice at a time; null until all are ready. */
function useQrShapes(urls: readonly string[]) {
  const [shapes, setShapes] = useState<QrShape[] | null>(null);
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const make = async () => {
      const qrcode = await import('qrcode');
      const made: QrShape[] = [];
      for (const url of urls) {
        made.push(qrShape(qrcode.create(url, { errorCorrectionLevel: 'M' }).modules));
        if (made.length % PER_SLICE === 0) {
          if (cancelled) return;
          setDone(made.length);
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }
      if (!cancelled) setShapes(made);
    };
    make().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [urls]);
  return { shapes, done, failed };
}

/** "gestor.example/t/riesgos": where to type the code when the QR cannot be scanned. */
const addressOf = (url: string) => {
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
};

export function CodesPrintView({
  title,
  made,
  onHide,
}: {
  title: string;
  made: TestCodesMade;
  onHide: () => void;
}) {
  const [urls] = useState(() => made.codes.map(({ url }) => url));
  const { shapes, done, failed } = useQrShapes(urls);
  const count = made.codes.length;

  // While the view is open, printing the page prints the view alone (codes-print.css).
  useEffect(() => {
    document.body.classList.add('codes-print-open');
    return () => document.body.classList.remove('codes-print-open');
  }, []);

  return (
    <Dialog
      visible
      maximized
      onHide={onHide}
      header={`Códigos para imprimir: ${title}`}
      className="codes-print"
      maskClassName="codes-print-mask"
      draggable={false}
      resizable={false}
      blockScroll
    >
      <div className="codes-print-toolbar">
        <p>
          {count === 1 ? '1 tarjeta' : `${count} tarjetas`}, una por código: recórtelas y entregue una a cada
          persona.
        </p>
        <Button
          type="button"
          label="Imprimir"
          icon="pi pi-print"
          disabled={!shapes}
          onClick={() => window.print()}
        />
      </div>
      {failed ? (
        <p role="alert" className="codes-print-status">
          No se han podido preparar los códigos QR. Descargue el CSV: tiene el enlace de cada código.
        </p>
      ) : !shapes ? (
        <output className="codes-print-status">
          Preparando los códigos QR…{count > PER_SLICE && ` (${done} de ${count})`}
        </output>
      ) : (
        <ul className="codes-print-cards" aria-label="Tarjetas con los códigos">
          {made.codes.map(({ code, url }, index) => {
            const shape = shapes[index]!;
            return (
              <li key={code} className="codes-print-card">
                <p className="codes-print-title">{title}</p>
                <svg
                  className="codes-print-qr"
                  role="img"
                  aria-label={`Código QR de ${code}`}
                  viewBox={`0 0 ${shape.size} ${shape.size}`}
                  shapeRendering="crispEdges"
                >
                  <rect width={shape.size} height={shape.size} fill="#fff" />
                  <path d={shape.path} fill="#000" />
                </svg>
                <p className="codes-print-code">{code}</p>
                <p className="codes-print-how">
                  Escanee el código QR o entre en {addressOf(url)} y escriba el código.
                  {made.extra_minutes > 0 && ` Incluye ${made.extra_minutes} minutos extra.`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

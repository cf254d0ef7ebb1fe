import type { RecordedEvent } from '@scrivo/domain';
import { streamKindOf } from '@scrivo/domain/audit';
import PDFDocument from 'pdfkit';
import { DEJAVU, DEJAVU_BOLD } from '../recordings/exports/document-exports';

/** One stored event a line, its envelope as the store holds it (secrets already hidden by the reader). */
export const toJsonLine = (event: RecordedEvent): string => `${JSON.stringify(event)}\n`;

/** Long data (a whole transcript) is cut in the report; the JSON Lines export keeps every byte. */
const MAX_DATA_CHARS = 1500;

const dataText = (data: unknown) => {
  const text = JSON.stringify(data, null, 2) ?? 'null';
  return text.length > MAX_DATA_CHARS
    ? `${text.slice(0, MAX_DATA_CHARS)}\n… (${text.length - MAX_DATA_CHARS} more characters in the JSON Lines export)`
    : text;
};

/**
 * A readable history for people: the stream, who exported it and when, then every event with its envelope and
 * data. Same PDF approach and fonts (DejaVu, embedded) as the transcript exports, so any script prints.
 */
export const historyReport = (
  streamId: string,
  events: AsyncIterable<RecordedEvent>,
  exportedBy: string,
  exportedAt: string,
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: `History of ${streamId}`, Creator: 'Scrivo' },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('body', DEJAVU);
    pdf.registerFont('bold', DEJAVU_BOLD);
    pdf.font('bold').fontSize(16).text(`History of ${streamId}`);
    pdf
      .moveDown(0.3)
      .font('body')
      .fontSize(9)
      .fillColor('#666666')
      .text(
        `Kind: ${streamKindOf(streamId)?.kind ?? 'unknown'} · Exported by auditor ${exportedBy} at ${exportedAt}`,
      );
    pdf.moveDown(1).fillColor('#000000');
    const write = async () => {
      let count = 0;
      for await (const event of events) {
        count += 1;
        const m = event.metadata;
        pdf
          .font('bold')
          .fontSize(10)
          .fillColor('#000000')
          .text(`#${event.streamRevision}  ${event.type}  (schema v${event.schemaVersion})`);
        pdf
          .font('body')
          .fontSize(8)
          .fillColor('#555555')
          .text(
            `${m.occurredAt} · actor ${m.actor.kind}:${m.actor.id} · correlation ${m.correlationId} · ` +
              `causation ${m.causationId ?? '-'} · event ${m.eventId} · position ${event.globalPosition}`,
          );
        pdf.font('body').fontSize(8).fillColor('#000000').text(dataText(event.data), { lineGap: 1 });
        pdf.moveDown(0.6);
      }
      if (count === 0) pdf.font('body').fontSize(10).text('This stream has no events.');
      pdf.end();
    };
    write().catch(reject);
  });

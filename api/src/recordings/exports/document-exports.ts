import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Document, Packer, Paragraph, TextRun, HeadingLevel } from 'docx';
import PDFDocument from 'pdfkit';
import { SUMMARY_LABELS, type SummaryContent } from '@scrivo/domain/summaries';
import {
  paragraphPrefix,
  readableTimestamp,
  type TextExportOptions,
  type Transcript,
  transcriptParagraphs,
  transcriptSpeakers,
} from '@scrivo/domain/recordings';

const require = createRequire(__filename);
export const DEJAVU = join(
  dirname(require.resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans.ttf',
);
export const DEJAVU_BOLD = join(
  dirname(require.resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans-Bold.ttf',
);
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

export interface DocumentMeta {
  readonly title: string;
  readonly language: string;
  readonly durationSeconds: number;
  /** When the recording was made (its creation in Scrivo), ISO 8601; shown as the document's date. */
  readonly recordedAt?: string;
  /** Put before the transcript when the export asks for it. */
  readonly summary?: SummaryContent | null;
  /** The summary's headings, as its template names them. */
  readonly summaryLabels?: typeof SUMMARY_LABELS;
  /** The owner's highlights and comments to print after each paragraph (by its index), when asked for. */
  readonly notes?: ReadonlyMap<number, readonly string[]>;
}

/** The summary as headed sections of lines, shared by the DOCX and the PDF. */
const summarySections = (
  summary: SummaryContent,
  labels = SUMMARY_LABELS,
): { heading: string; lines: string[] }[] => {
  const at = (seconds: number) => `[${readableTimestamp(seconds)}]`;
  return [
    { heading: labels.overview, lines: summary.overview ? [summary.overview] : [] },
    { heading: labels.keyPoints, lines: summary.keyPoints.map((p) => `• ${p.text} ${at(p.at)}`) },
    { heading: labels.decisions, lines: summary.decisions.map((p) => `• ${p.text} ${at(p.at)}`) },
    {
      heading: labels.actionItems,
      lines: summary.actionItems.map((p) => `• ${p.owner ? `${p.owner}: ` : ''}${p.text} ${at(p.at)}`),
    },
    { heading: labels.chapters, lines: summary.chapters.map((c) => `${at(c.start)} ${c.title}`) },
  ].filter((s) => s.lines.length > 0);
};

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string): string => {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** "45 s", "12 min 05 s", "1 h 02 min": how long a recording is, as people say it. */
export const spokenDuration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
};

const longDate = (iso: string | undefined): string | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** The lines under the title: date, duration, language, and who speaks. */
export const titleBlock = (
  transcript: Pick<Transcript, 'segments'>,
  meta: DocumentMeta,
  options: TextExportOptions,
): { label: string; value: string }[] => {
  const speakers = options.speakers ? transcriptSpeakers(transcript) : [];
  const date = longDate(meta.recordedAt);
  return [
    ...(date ? [{ label: 'Date', value: date }] : []),
    { label: 'Duration', value: spokenDuration(meta.durationSeconds) },
    { label: 'Language', value: languageName(meta.language) },
    ...(speakers.length ? [{ label: 'Speakers', value: speakers.join(', ') }] : []),
  ];
};

export const toDocx = async (
  transcript: Transcript,
  meta: DocumentMeta,
  options: TextExportOptions,
): Promise<Buffer> => {
  const paragraphs = transcriptParagraphs(transcript, options).flatMap((p, i) => {
    const prefix = paragraphPrefix(p, options);
    const notes = meta.notes?.get(i) ?? [];
    return [
      new Paragraph({
        spacing: { after: notes.length ? 60 : 160 },
        children: [
          ...(prefix ? [new TextRun({ text: `${prefix} `, bold: true, color: '555555' })] : []),
          new TextRun(p.text),
        ],
      }),
      // Set off from what was said: indented, italic, on a highlighter yellow.
      ...notes.map(
        (note, n) =>
          new Paragraph({
            indent: { left: 360 },
            spacing: { after: n === notes.length - 1 ? 160 : 40 },
            children: [new TextRun({ text: note, italics: true, highlight: 'yellow', size: 20 })],
          }),
      ),
    ];
  });
  const doc = new Document({
    title: meta.title,
    creator: 'Scrivo',
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(meta.title)] }),
          ...titleBlock(transcript, meta, options).map(
            ({ label, value }, i, all) =>
              new Paragraph({
                spacing: { after: i === all.length - 1 ? 240 : 0 },
                children: [
                  new TextRun({ text: `${label}  `, bold: true, color: '666666' }),
                  new TextRun(value),
                ],
              }),
          ),
          ...(meta.summary
            ? [
                new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Summary')] }),
                ...summarySections(meta.summary, meta.summaryLabels).flatMap((section) => [
                  new Paragraph({
                    heading: HeadingLevel.HEADING_3,
                    children: [new TextRun(section.heading)],
                  }),
                  ...section.lines.map(
                    (line) => new Paragraph({ spacing: { after: 80 }, children: [new TextRun(line)] }),
                  ),
                ]),
                new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Transcript')] }),
              ]
            : []),
          ...paragraphs,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
};

const MARGIN = 56;
const FOOTER_GAP = 28;

/**
 * The PDF laid out like a professional transcript: a title block (title, date, duration, language, speakers),
 * then paragraphs with the speaker's name and the time once above each turn, and "Page n of m" at the foot of
 * every page. Fonts are embedded: DejaVu Sans covers Latin, Greek, Cyrillic, Arabic and Hebrew; text with CJK
 * characters uses the CJK font (config SCRIVO_CJK_FONT, Debian fonts-noto-cjk) when the system has it, and
 * DejaVu otherwise (CJK then shows as missing glyphs, never as an error).
 */
export const toPdf = (
  transcript: Transcript,
  meta: DocumentMeta,
  options: TextExportOptions,
  fonts: { readonly cjk: string },
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      // The foot of the page is kept free for the page number.
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP },
      bufferPages: true,
      info: { Title: meta.title, Creator: 'Scrivo' },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('body', DEJAVU);
    pdf.registerFont('bold', DEJAVU_BOLD);
    const hasCjk = existsSync(fonts.cjk);
    if (hasCjk) pdf.registerFont('cjk', fonts.cjk, 'NotoSansCJKjp-Regular');
    const fontFor = (text: string, plain: 'body' | 'bold' = 'body') =>
      hasCjk && CJK.test(text) ? 'cjk' : plain;
    const width = pdf.page.width - 2 * MARGIN;
    const grey = '#666666';

    pdf.font(fontFor(meta.title, 'bold')).fontSize(20).fillColor('#000000').text(meta.title);
    pdf.moveDown(0.4).fontSize(9.5);
    for (const { label, value } of titleBlock(transcript, meta, options)) {
      pdf
        .font('bold')
        .fillColor(grey)
        .text(`${label}  `, { continued: true })
        .font(fontFor(value))
        .fillColor('#000000')
        .text(value);
    }
    pdf.moveDown(0.8);
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    pdf.moveDown(1);

    if (meta.summary) {
      pdf.font('bold').fontSize(14).fillColor('#000000').text('Summary');
      for (const section of summarySections(meta.summary, meta.summaryLabels)) {
        pdf.moveDown(0.4).font('bold').fontSize(11).text(section.heading);
        for (const line of section.lines) pdf.font(fontFor(line)).fontSize(10.5).text(line, { lineGap: 2 });
      }
      pdf.moveDown(1).font('bold').fontSize(14).text('Transcript').moveDown(0.5);
    }
    for (const [i, p] of transcriptParagraphs(transcript, options).entries()) {
      const name = p.speaker && !p.continued ? p.speaker : null;
      const time = options.timestamps ? readableTimestamp(p.start) : null;
      // The heading line stays with its paragraph: start a new page rather than leave it alone at the foot.
      if (name || time) {
        if (pdf.y + 40 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
        if (name) pdf.font(fontFor(name, 'bold')).fontSize(10).fillColor('#000000');
        if (name && time) pdf.text(`${name}   `, { continued: true });
        else if (name) pdf.text(name);
        if (time) pdf.font('body').fontSize(9).fillColor(grey).text(time);
        pdf.moveDown(0.15);
      }
      pdf.font(fontFor(p.text)).fontSize(11).fillColor('#000000').text(p.text, { lineGap: 2.5 });
      for (const note of meta.notes?.get(i) ?? []) {
        pdf.moveDown(0.2);
        pdf
          .font(fontFor(note))
          .fontSize(9.5)
          .fillColor('#7a5a00')
          .text(note, MARGIN + 18, pdf.y, { width: width - 18, lineGap: 2 });
        pdf.x = MARGIN;
      }
      pdf.moveDown(0.7);
    }

    const pages = pdf.bufferedPageRange();
    for (let i = pages.start; i < pages.start + pages.count; i++) {
      pdf.switchToPage(i);
      // Writing inside the bottom margin would start a new page; the number is placed there on purpose.
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      pdf
        .font('body')
        .fontSize(8.5)
        .fillColor(grey)
        .text(`Page ${i - pages.start + 1} of ${pages.count}`, MARGIN, pdf.page.height - MARGIN, {
          width,
          align: 'center',
          lineBreak: false,
        });
      pdf.page.margins.bottom = bottom;
    }
    pdf.end();
  });

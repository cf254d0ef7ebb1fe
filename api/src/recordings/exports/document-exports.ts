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
  /** Put before the transcript when the export asks for it. */
  readonly summary?: SummaryContent | null;
}

/** The summary as headed sections of lines, shared by the DOCX and the PDF. */
const summarySections = (summary: SummaryContent): { heading: string; lines: string[] }[] => {
  const at = (seconds: number) => `[${readableTimestamp(seconds)}]`;
  return [
    { heading: SUMMARY_LABELS.overview, lines: summary.overview ? [summary.overview] : [] },
    { heading: SUMMARY_LABELS.keyPoints, lines: summary.keyPoints.map((p) => `• ${p.text} ${at(p.at)}`) },
    { heading: SUMMARY_LABELS.decisions, lines: summary.decisions.map((p) => `• ${p.text} ${at(p.at)}`) },
    {
      heading: SUMMARY_LABELS.actionItems,
      lines: summary.actionItems.map((p) => `• ${p.owner ? `${p.owner}: ` : ''}${p.text} ${at(p.at)}`),
    },
    { heading: SUMMARY_LABELS.chapters, lines: summary.chapters.map((c) => `${at(c.start)} ${c.title}`) },
  ].filter((s) => s.lines.length > 0);
};

export const toDocx = async (
  transcript: Transcript,
  meta: DocumentMeta,
  options: TextExportOptions,
): Promise<Buffer> => {
  const paragraphs = transcriptParagraphs(transcript, options).map((p) => {
    const prefix = paragraphPrefix(p, options);
    return new Paragraph({
      spacing: { after: 160 },
      children: [
        ...(prefix ? [new TextRun({ text: `${prefix} `, bold: true, color: '555555' })] : []),
        new TextRun(p.text),
      ],
    });
  });
  const doc = new Document({
    title: meta.title,
    creator: 'Scrivo',
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(meta.title)] }),
          new Paragraph({
            spacing: { after: 240 },
            children: [
              new TextRun({
                text: `Language: ${meta.language} · Duration: ${Math.round(meta.durationSeconds)} s`,
                italics: true,
                color: '777777',
              }),
            ],
          }),
          ...(meta.summary
            ? [
                new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Summary')] }),
                ...summarySections(meta.summary).flatMap((section) => [
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

/**
 * PDF with embedded Unicode fonts: DejaVu Sans covers Latin, Greek, Cyrillic, Arabic and Hebrew; paragraphs with
 * CJK text use Noto Sans CJK when the system has it (Debian fonts-noto-cjk) and DejaVu otherwise (CJK then shows
 * as missing glyphs, never as an error).
 */
/** The PDF needs a font with CJK glyphs (config SCRIVO_CJK_FONT); without one such text falls back to DejaVu. */
export const toPdf = (
  transcript: Transcript,
  meta: DocumentMeta,
  options: TextExportOptions,
  fonts: { readonly cjk: string },
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: meta.title, Creator: 'Scrivo' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('body', DEJAVU);
    pdf.registerFont('bold', DEJAVU_BOLD);
    const hasCjk = existsSync(fonts.cjk);
    if (hasCjk) pdf.registerFont('cjk', fonts.cjk, 'NotoSansCJKjp-Regular');
    const fontFor = (text: string) => (hasCjk && CJK.test(text) ? 'cjk' : 'body');
    pdf
      .font(CJK.test(meta.title) && hasCjk ? 'cjk' : 'bold')
      .fontSize(18)
      .text(meta.title);
    pdf
      .moveDown(0.3)
      .font('body')
      .fontSize(9)
      .fillColor('#777777')
      .text(`Language: ${meta.language} · Duration: ${Math.round(meta.durationSeconds)} s`);
    pdf.moveDown(1).fillColor('#000000');
    if (meta.summary) {
      pdf.font('bold').fontSize(14).text('Summary');
      for (const section of summarySections(meta.summary)) {
        pdf.moveDown(0.4).font('bold').fontSize(11).text(section.heading);
        for (const line of section.lines) pdf.font(fontFor(line)).fontSize(10.5).text(line, { lineGap: 2 });
      }
      pdf.moveDown(1).font('bold').fontSize(14).text('Transcript').moveDown(0.4);
    }
    for (const p of transcriptParagraphs(transcript, options)) {
      const prefix = paragraphPrefix(p, options);
      if (prefix) pdf.font('bold').fontSize(9).fillColor('#555555').text(prefix);
      pdf.font(fontFor(p.text)).fontSize(11).fillColor('#000000').text(p.text, { lineGap: 2 });
      pdf.moveDown(0.6);
    }
    pdf.end();
  });

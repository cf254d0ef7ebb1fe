import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Document, Packer, Paragraph, TextRun, HeadingLevel } from 'docx';
import PDFDocument from 'pdfkit';
import {
  paragraphPrefix,
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
}

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
    for (const p of transcriptParagraphs(transcript, options)) {
      const prefix = paragraphPrefix(p, options);
      if (prefix) pdf.font('bold').fontSize(9).fillColor('#555555').text(prefix);
      pdf.font(fontFor(p.text)).fontSize(11).fillColor('#000000').text(p.text, { lineGap: 2 });
      pdf.moveDown(0.6);
    }
    pdf.end();
  });

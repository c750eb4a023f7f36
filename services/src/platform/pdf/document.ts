import PDFDocument from 'pdfkit';

/** What a module draws on: pdfkit's document (https://pdfkit.org), US Letter, the standard Helvetica fonts. */
export type PdfDocument = PDFKit.PDFDocument;

export interface PdfInfo {
  title: string;
  /** The document's own date (the charge's, the report's): with it the bytes of a rerender are the same. */
  createdAt: Date;
  author?: string;
  subject?: string;
}

const MARGIN = 56;

/**
 * Renders one PDF into memory: `draw` lays out the pages, the answer is the finished file. Generated documents
 * (receipts, NHD reports) are small, so a buffer is simpler than a stream; keep them with `platform.files`.
 */
export const renderPdf = (info: PdfInfo, draw: (doc: PdfDocument) => void): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      info: { Title: info.title, Author: info.author ?? 'ACPG', Subject: info.subject ?? info.title, CreationDate: info.createdAt, ModDate: info.createdAt },
      lang: 'en-US',
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });

/** The content type to store and serve a rendered PDF with. */
export const PDF_CONTENT_TYPE = 'application/pdf';

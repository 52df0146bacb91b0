/**
 * Small real documents for tests of text extraction: OOXML (DOCX, XLSX, PPTX) and OpenDocument
 * (ODT, ODS, ODP) zips with the least each format needs, and a one-page PDF, each holding the
 * words given. Built here so no binary fixture has to be committed.
 */
import yazl from 'yazl';

const xmlHeader = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A zip of the entries given, in order; `stored` entries are not compressed (ODF's mimetype). */
export async function zipOf(entries: ReadonlyArray<{ name: string; text: string; stored?: boolean }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.text), entry.name, { compress: !entry.stored });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const contentTypes = (override: string) =>
  `${xmlHeader}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="${override}" ContentType="application/xml"/></Types>`;

export function docx(paragraphs: readonly string[]): Promise<Buffer> {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return zipOf([
    { name: '[Content_Types].xml', text: contentTypes('/word/document.xml') },
    {
      name: 'word/document.xml',
      text: `${xmlHeader}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

export function xlsx(cells: readonly string[]): Promise<Buffer> {
  const row = cells.map(
    (c, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`,
  );
  return zipOf([
    { name: '[Content_Types].xml', text: contentTypes('/xl/worksheets/sheet1.xml') },
    {
      name: 'xl/worksheets/sheet1.xml',
      text: `${xmlHeader}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${row.join('')}</row></sheetData></worksheet>`,
    },
  ]);
}

export function pptx(texts: readonly string[]): Promise<Buffer> {
  const shapes = texts.map((t) => `<p:sp><p:txBody><a:p><a:r><a:t>${escapeXml(t)}</a:t></a:r></a:p></p:txBody></p:sp>`);
  return zipOf([
    { name: '[Content_Types].xml', text: contentTypes('/ppt/slides/slide1.xml') },
    {
      name: 'ppt/slides/slide1.xml',
      text:
        `${xmlHeader}<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ` +
        `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree>${shapes.join('')}</p:spTree></p:cSld></p:sld>`,
    },
  ]);
}

/** An OpenDocument file: `kind` is text (ODT), spreadsheet (ODS) or presentation (ODP). */
export function openDocument(
  kind: 'text' | 'spreadsheet' | 'presentation',
  paragraphs: readonly string[],
): Promise<Buffer> {
  const body = paragraphs.map((p) => `<text:p>${escapeXml(p)}</text:p>`).join('');
  return zipOf([
    { name: 'mimetype', text: `application/vnd.oasis.opendocument.${kind}`, stored: true },
    {
      name: 'META-INF/manifest.xml',
      text: `${xmlHeader}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.${kind}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    {
      name: 'content.xml',
      text: `${xmlHeader}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`,
    },
  ]);
}

/** A one-page PDF (Helvetica) with a line per string, its cross-reference table exact. */
export function pdf(lines: readonly string[]): Buffer {
  const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${escapePdf(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

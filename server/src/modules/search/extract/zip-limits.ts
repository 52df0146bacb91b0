import yauzl from 'yauzl';

/** A zipped document whose entries would unpack to more than the limit (a "zip bomb"). */
export class ZipTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the document unpacks to more than ${limit} bytes`);
    this.name = 'ZipTooLargeError';
  }
}

/**
 * Refuses a zip (DOCX, XLSX, ODT, …) whose entries declare more than `maxUnzippedBytes` in all,
 * or more than `maxEntries` entries, before anything is inflated. The reader that inflates
 * afterwards (yauzl, under officeparser) checks each entry against its declared size, so a
 * file that lies about its sizes fails there instead of growing without bound.
 */
export async function assertZipWithin(bytes: Buffer, maxUnzippedBytes: number, maxEntries = 10_000): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  await new Promise<void>((resolve, reject) => {
    let total = 0;
    let entries = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      entries += 1;
      if (total > maxUnzippedBytes || entries > maxEntries) {
        zip.close();
        reject(new ZipTooLargeError(maxUnzippedBytes));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** The entries of a zip, by path, in the zip's order: a folder (path ends with `/`) has no bytes. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        entries.set(entry.fileName, Buffer.alloc(0));
        file.readEntry();
        return;
      }
      file.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        buffer(stream as Readable).then((bytes) => {
          entries.set(entry.fileName, bytes);
          file.readEntry();
        }, reject);
      });
    });
    file.readEntry();
  });
  return entries;
}

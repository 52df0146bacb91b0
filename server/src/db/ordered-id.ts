import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

/**
 * A new id in UUID version 7 form (RFC 9562): the first 48 bits are the time in milliseconds, the
 * rest random (74 bits). Rows created together get ids that sort together, so inserting them
 * touches the last pages of each index on the id instead of one random page per index: fewer
 * pages for every commit to write (ADR 0009). The ids look like any other UUID to clients.
 */
export function orderedId(now = Date.now()): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

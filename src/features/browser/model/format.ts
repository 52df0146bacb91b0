export { formatBytes } from '../../../lib/format-bytes.ts';

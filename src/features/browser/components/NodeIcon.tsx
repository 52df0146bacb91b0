import Article from '@mui/icons-material/Article';
import Description from '@mui/icons-material/Description';
import Folder from '@mui/icons-material/Folder';
import FolderSpecial from '@mui/icons-material/FolderSpecial';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Movie from '@mui/icons-material/Movie';
import MusicNote from '@mui/icons-material/MusicNote';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableChart from '@mui/icons-material/TableChart';
import type { Node } from '../api/types.ts';

function iconFor(node: Pick<Node, 'isFolder' | 'nodeType' | 'content'>): { Icon: typeof Folder; color: string } {
  if (node.isFolder) return { Icon: node.nodeType === 'st:site' ? FolderSpecial : Folder, color: '#f0b429' };
  const mime = node.content?.mimeType ?? '';
  if (mime === 'application/pdf') return { Icon: PictureAsPdf, color: '#d93025' };
  if (mime.startsWith('image/')) return { Icon: Image, color: '#8e44ad' };
  if (mime.startsWith('video/')) return { Icon: Movie, color: '#c2185b' };
  if (mime.startsWith('audio/')) return { Icon: MusicNote, color: '#00897b' };
  if (/spreadsheet|excel|csv/.test(mime)) return { Icon: TableChart, color: '#188038' };
  if (/word|opendocument\.text|rtf/.test(mime)) return { Icon: Description, color: '#1a73e8' };
  if (mime.startsWith('text/')) return { Icon: Article, color: '#5f6368' };
  return { Icon: InsertDriveFile, color: '#80868b' };
}

/** The icon of a node by its type (folder, site) or its content's MIME type. */
export function NodeIcon({ node }: { node: Pick<Node, 'isFolder' | 'nodeType' | 'content'> }) {
  const { Icon, color } = iconFor(node);
  return <Icon fontSize="small" sx={{ color, flexShrink: 0 }} aria-hidden />;
}

import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ItemResult, summarize } from '../lib/run-each.ts';

interface Props {
  results: readonly ItemResult<unknown>[];
  /** The past participle of the action: "copied", "moved", "deleted". */
  done: string;
  /** Words for one failure, when the action knows better than the generic helper. */
  explain?: (result: Extract<ItemResult<unknown>, { ok: false }>) => string;
  /** Words for one success, when it is more than "done" (copied under a new name, skipped). */
  describe?: (result: Extract<ItemResult<unknown>, { ok: true }>) => string | undefined;
  /** The summary line, when "3 copied, 1 failed" does not say it all. */
  summary?: string;
}

/** What happened to each item of a multi-item action: a summary, then one line per item. */
export function ResultList({ results, done, explain, describe, summary }: Props) {
  return (
    <>
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {summary ?? summarize(results, done)}
      </Typography>
      <List dense aria-label="Results" sx={{ maxHeight: 280, overflow: 'auto' }}>
        {results.map((result) => (
          <ListItem key={result.item.id} disableGutters aria-label={result.item.name}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {result.ok ? (
                <CheckCircle color="success" fontSize="small" aria-hidden />
              ) : (
                <ErrorOutline color="error" fontSize="small" aria-hidden />
              )}
            </ListItemIcon>
            <ListItemText
              primary={result.item.name}
              secondary={
                result.ok
                  ? (describe?.(result) ?? done.charAt(0).toUpperCase() + done.slice(1))
                  : (explain?.(result) ?? result.message)
              }
              slotProps={{
                primary: { noWrap: true },
                secondary: { color: result.ok ? 'text.secondary' : 'error', sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

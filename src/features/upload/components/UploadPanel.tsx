import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { BOTTOM_OVERLAY_VAR } from '../../../lib/layout.ts';
import type { NamePolicy } from '../../../lib/name-rules.ts';
import { useNameRules } from '../../../lib/server-settings.ts';
import { uploads } from '../api/upload-store.ts';
import { batchNameFixes, fixActionLabel } from '../model/batch-names.ts';
import { panelOrder, summarize, summaryTitle, type UploadItem } from '../model/upload-queue.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { UploadRow } from './UploadRow.tsx';

/**
 * The one name fix of each batch the server refused names of (it is checked before sending, so
 * this is for a policy the app could not learn): on the batch's first refused file. When the known
 * policy finds nothing to fix, the strict fix (valid under every policy) is offered.
 */
function batchFixes(items: readonly UploadItem[], known: NamePolicy) {
  const fixes = new Map<string, { label: string; onFix: () => void }>();
  const refused = items.filter((i) => i.status === 'failed' && i.isBadName);
  for (const batch of new Set(refused.map((i) => i.batch))) {
    const ofBatch = refused.filter((i) => i.batch === batch);
    const policy: NamePolicy = batchNameFixes(ofBatch, known).length > 0 ? known : 'strict';
    const found = batchNameFixes(ofBatch, policy);
    const first = ofBatch[0];
    if (first && found.length > 0) {
      fixes.set(first.id, {
        label: fixActionLabel(found, policy),
        onFix: () => uploads.fixNamesAndRetry(batch, policy),
      });
    }
  }
  return fixes;
}

/**
 * While the panel is shown, the space it covers at the bottom of the window (its height and its
 * margin) is published as a CSS variable, so pages keep their pager and last rows above it.
 */
function useReservedSpace() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const root = document.documentElement;
    const publish = () => {
      const margin = window.innerHeight - panel.getBoundingClientRect().bottom;
      root.style.setProperty(BOTTOM_OVERLAY_VAR, `${Math.ceil(panel.offsetHeight + margin * 2)}px`);
    };
    publish();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(BOTTOM_OVERLAY_VAR);
    const observer = new ResizeObserver(publish);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BOTTOM_OVERLAY_VAR);
    };
  }, []);
  return ref;
}

/**
 * Every file of this session's uploads: those uploading first, then those that need the person,
 * then those waiting, then those over, the newest first within each; progress, speed, cancel,
 * retry, conflicts, final state.
 */
export function UploadPanel() {
  const queue = useSyncExternalStore(uploads.subscribe, uploads.get);
  const panelRef = useReservedSpace();
  const ordered = panelOrder(queue.items);
  const [isOpen, setOpen] = useState(true);
  const s = summarize(queue);
  const nameRules = useNameRules();
  const nameFixes = batchFixes(queue.items, nameRules.policy);
  // The first clash asks at once; "Later" sets it aside until its "Decide…" is pressed.
  const [setAside, setSetAside] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState<string | null>(null);
  const conflicts = queue.items.filter((i) => i.status === 'conflict');
  const current = conflicts.find((i) => i.id === asked) ?? conflicts.find((i) => !setAside.has(i.id));

  return (
    <Paper
      ref={panelRef}
      elevation={8}
      role="region"
      aria-label="Uploads"
      sx={{
        position: 'fixed',
        bottom: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 420 },
        // Above the page, below dialogs (the conflict dialog must not be covered).
        zIndex: (t) => t.zIndex.appBar,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, bgcolor: 'action.selected' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }} aria-live="polite">
          {summaryTitle(s)}
        </Typography>
        <IconButton
          size="small"
          aria-label={isOpen ? 'Collapse uploads' : 'Expand uploads'}
          onClick={() => setOpen(!isOpen)}
        >
          {isOpen ? <ExpandMore /> : <ExpandLess />}
        </IconButton>
        <IconButton
          size="small"
          aria-label="Clear finished uploads"
          onClick={() => uploads.clearFinished()}
          disabled={s.total === s.active}
        >
          <Close />
        </IconButton>
      </Box>
      <Collapse in={isOpen}>
        <List dense aria-label="Upload list" sx={{ maxHeight: { xs: 240, sm: 320 }, overflow: 'auto', py: 0 }}>
          {ordered.map((item) => (
            <UploadRow key={item.id} item={item} onDecide={setAsked} nameFix={nameFixes.get(item.id)} />
          ))}
        </List>
      </Collapse>
      {current && (
        <ConflictDialog
          key={current.id}
          item={current}
          pending={conflicts.length}
          onResolve={(choice, applyToAll) => {
            setAsked(null);
            if (applyToAll) uploads.resolveAll(choice);
            else uploads.resolve(current.id, choice);
          }}
          onClose={() => {
            setAsked(null);
            setSetAside(new Set([...setAside, current.id]));
          }}
        />
      )}
    </Paper>
  );
}

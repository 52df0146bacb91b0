import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useNodeDetails } from '../api/get-node-details.ts';
import { useType } from '../api/get-type.ts';
import { useSecondaryChildren } from '../api/list-secondary-children.ts';
import { availableTabs, currentTab, TAB_LABELS, type EditorTab } from '../model/editor-tab.ts';
import { lockNoteOf } from '../model/lock-note.ts';
import { NodeHeader, type LockControlsProps, type NodeActionsProps } from './NodeHeader.tsx';
import { PermissionsTab } from './PermissionsTab.tsx';
import { PropertiesTab } from './PropertiesTab.tsx';
import { SecondaryChildrenTab } from './SecondaryChildrenTab.tsx';
import { VersionsTab } from './VersionsTab.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

const probe = { skipCount: 0, maxItems: 1, assocType: undefined, includeSource: false };

interface Props {
  /** The lock feature's controls, shown in the header when the app composes them in. */
  LockControls?: ComponentType<LockControlsProps>;
  /** The node's actions (Download, Open, Rename, Move, Copy, Favorite, Delete), composed in by the app. */
  Actions?: ComponentType<NodeActionsProps>;
}

/** `/nodes/:nodeId`: a node's header, then its properties, permissions, versions and secondary children. */
export function NodeEditorPage(props: Props) {
  const nodeId = useParams().nodeId ?? '-my-';
  // Another node starts afresh (no drafts, no visited tabs).
  return <NodeEditor key={nodeId} nodeId={nodeId} {...props} />;
}

function NodeEditor({ nodeId, LockControls, Actions }: Props & { nodeId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Tabs once shown stay mounted (hidden), so switching tabs keeps unsaved changes.
  const [visited, setVisited] = useState<EditorTab[]>([]);
  const details = useNodeDetails(nodeId);
  const me = useSession()?.userId;
  const node = details.data;
  const type = useType(node?.nodeType);
  // A file shows the tab only when it has secondary children (folders always do).
  const secondary = useSecondaryChildren(nodeId, probe, node !== undefined && !node.isFolder);
  const hasSecondary = (secondary.data?.pagination.totalItems ?? secondary.data?.pagination.count ?? 0) > 0;

  if (details.isError) {
    return (
      <PageShell>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void details.refetch()}>
              Retry
            </Button>
          }
        >
          {describeError(details.error)}
        </Alert>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
          Go to my files
        </Button>
      </PageShell>
    );
  }
  if (!node) {
    return (
      <PageShell>
        <Skeleton width={200} />
        <Skeleton width={320} height={48} />
        <CenteredProgress label="Loading the node" />
      </PageShell>
    );
  }

  // What the lock forbids is shown disabled, with the reason (the server would refuse it with 409).
  const lockNote = lockNoteOf(node, me);
  const tabs = availableTabs(node, hasSecondary);
  const tab = currentTab(searchParams, tabs);
  if (!visited.includes(tab)) setVisited([...visited, tab]);
  const panel = (t: EditorTab, content: ReactNode) =>
    (t === tab || visited.includes(t)) && (
      <Box key={t} role="tabpanel" id={`panel-${t}`} aria-labelledby={`tab-${t}`} hidden={t !== tab}>
        {content}
      </Box>
    );
  const handleTab = (next: EditorTab) => setSearchParams(next === 'properties' ? {} : { tab: next }, { replace: true });

  return (
    <PageShell>
      <NodeHeader node={node} typeTitle={type.data?.title} LockControls={LockControls} Actions={Actions} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, next: EditorTab) => handleTab(next)}
          aria-label="Node details"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} id={`tab-${t}`} aria-controls={`panel-${t}`} />
          ))}
        </Tabs>
      </Box>
      {panel('properties', <PropertiesTab node={node} type={type} lockNote={lockNote} />)}
      {panel('permissions', <PermissionsTab node={node} />)}
      {tabs.includes('versions') && panel('versions', <VersionsTab node={node} lockNote={lockNote} />)}
      {tabs.includes('secondary-children') && panel('secondary-children', <SecondaryChildrenTab node={node} />)}
    </PageShell>
  );
}

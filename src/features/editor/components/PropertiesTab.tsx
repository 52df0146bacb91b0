import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ApiError, describeError, describeErrorAbout } from '../../../lib/errors.ts';
import { useNameRules } from '../../../lib/server-settings.ts';
import { useAspects } from '../api/list-aspects.ts';
import { can, type ModelClass, type Node } from '../api/types.ts';
import { useUpdateNode } from '../api/update-node.ts';
import {
  draftOf,
  editableClasses,
  formAspects,
  formName,
  initialForm,
  planUpdate,
  removedAspects,
  storedValue,
  withAspects,
  type NodeForm,
} from '../model/node-form.ts';
import { AspectsEditor } from './AspectsEditor.tsx';
import { PropertyField } from './PropertyField.tsx';

/** Which field a refusal is about: the name (409, 422 on rename; not a lock's 409) or a property it names. */
function fieldOfError(error: unknown, renamed: boolean): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409 && /is locked/i.test(error.briefSummary ?? '')) return undefined;
  if (renamed && (error.status === 409 || error.status === 422)) return 'name';
  return /\b([a-z]+:[\w.-]+)\b/i.exec(error.briefSummary ?? '')?.[1];
}

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
        {subtitle && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {subtitle}
          </Typography>
        )}
      </Typography>
      <Box sx={{ mt: 1.5 }}>{children}</Box>
    </Paper>
  );
}

interface Props {
  node: Node;
  type: UseQueryResult<ModelClass>;
  /** Why a lock keeps the user from changing the node, or null. */
  lockNote?: string | null;
}

/** Name, type, aspects and properties grouped by aspect, with Save/Cancel; read-only without `update` or under a lock. */
export function PropertiesTab({ node, type, lockNote = null }: Props) {
  const aspects = useAspects();
  const update = useUpdateNode();
  // Changes to the node as the server last described it: a lock or unlock moves what is untouched.
  const [form, setForm] = useState<NodeForm>(initialForm);
  const readOnly = !can(node, 'update') || lockNote !== null;
  const nameRules = useNameRules();

  if (aspects.isError || type.isError) {
    return <Alert severity="error">{describeError(aspects.error ?? type.error)}</Alert>;
  }
  if (!aspects.data || !type.data) return <CenteredProgress label="Loading the content model" />;

  const model = { type: type.data, aspects: aspects.data };
  const plan = planUpdate(node, form, model, nameRules.policy);
  const removed = removedAspects(node, form, model);
  const hasProblems = Object.keys(plan.problems).length > 0;
  const isDirty = plan.body !== null || hasProblems;
  const name = formName(node, form);
  const aspectNames = formAspects(node, form);
  const errorField = update.isError ? fieldOfError(update.error, name !== node.name) : undefined;
  const fieldError = (id: string) => plan.problems[id] ?? (errorField === id ? describeError(update.error) : undefined);

  const change = (next: Partial<NodeForm>) => {
    update.reset();
    setForm((current) => ({ ...current, ...next }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan.body || hasProblems) return;
    update.mutate({ nodeId: node.id, body: plan.body }, { onSuccess: () => setForm(initialForm()) });
  };
  const handleCancel = () => {
    update.reset();
    setForm(initialForm());
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label="Properties">
      <Stack spacing={2}>
        {readOnly && (
          <Alert severity="info">{lockNote ?? 'You can read this node’s properties but not change them.'}</Alert>
        )}
        <Section title="General">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => change({ name: e.target.value })}
              size="small"
              variant={readOnly ? 'filled' : 'outlined'}
              fullWidth
              error={fieldError('name') !== undefined}
              helperText={fieldError('name') ?? (readOnly ? undefined : nameRules.hint)}
              slotProps={{ input: { readOnly }, htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label="Type"
              value={`${type.data.title} (${node.nodeType})`}
              size="small"
              variant="filled"
              fullWidth
              slotProps={{ input: { readOnly: true } }}
            />
          </Box>
        </Section>
        <Section title="Aspects">
          <AspectsEditor
            aspectNames={aspectNames}
            aspects={aspects.data}
            readOnly={readOnly}
            removed={removed}
            onChange={(next) => {
              update.reset();
              setForm((current) => withAspects(node, current, next));
            }}
          />
        </Section>
        {editableClasses(model, aspectNames)
          .filter((cls) => cls.properties.length > 0)
          .map((cls) => (
            <Section
              key={cls.id}
              title={cls.title}
              subtitle={
                aspectNames.includes(cls.id) || cls.id === node.nodeType ? cls.id : `${cls.id}, added when you set one`
              }
            >
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {cls.properties.map((def) => (
                  <PropertyField
                    key={def.id}
                    def={def}
                    draft={draftOf(node, form, def)}
                    stored={storedValue(node, def.id)}
                    readOnly={readOnly}
                    error={fieldError(def.id)}
                    onChange={(draft) => change({ values: { ...form.values, [def.id]: draft } })}
                  />
                ))}
              </Box>
            </Section>
          ))}
        {update.isError && errorField === undefined && (
          <Alert severity="error">{describeErrorAbout(update.error, node)}</Alert>
        )}
        {update.isSuccess && !isDirty && <Alert severity="success">Saved.</Alert>}
        {!readOnly && (
          <Paper
            variant="outlined"
            sx={{
              p: 1.5,
              // Unsaved changes keep Save in reach; otherwise the bar stays at the end of the form.
              position: isDirty ? 'sticky' : 'static',
              bottom: 8,
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              zIndex: 1,
              boxShadow: isDirty ? 4 : 0,
            }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} aria-live="polite">
              {isDirty ? 'Unsaved changes' : 'No changes'}
            </Typography>
            <Button onClick={handleCancel} disabled={!isDirty || update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!plan.body || hasProblems || update.isPending}>
              Save
            </Button>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}

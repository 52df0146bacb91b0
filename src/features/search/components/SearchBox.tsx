import Article from '@mui/icons-material/Article';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import Person from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import { placeOf } from '../../../lib/folder-route.ts';
import { useSearchPeople } from '../../../lib/people.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSiteSuggestions } from '../api/list-sites.ts';
import type { SearchNode } from '../api/search-nodes.ts';
import { useNodeSuggestions } from '../api/suggest-nodes.ts';
import { searchHref } from '../model/search-state.ts';
import { nodeHref } from './SearchResultRow.tsx';

/** Suggestions wait for this many characters. */
export const MIN_SUGGEST_LENGTH = 3;

type Option =
  | { kind: 'search'; q: string }
  | { kind: 'node'; node: SearchNode }
  | { kind: 'person'; id: string; name: string; email?: string | undefined }
  | { kind: 'site'; id: string; title: string };

const GROUPS: Record<Option['kind'], string> = {
  search: '',
  node: 'Files and folders',
  person: 'People',
  site: 'Sites',
};

function optionLabel(option: Option | string): string {
  if (typeof option === 'string') return option;
  switch (option.kind) {
    case 'search':
      return `Search for “${option.q}”`;
    case 'node':
      return option.node.name;
    case 'person':
      return option.name;
    case 'site':
      return option.title;
  }
}

/** The line under a suggestion: where a file or folder is (two of one name tell apart), a person's email. */
function secondaryOf(option: Option): string | undefined {
  if (option.kind === 'person') return option.email;
  if (option.kind !== 'node') return undefined;
  const place = placeOf(option.node.path?.elements ?? []);
  const names = [...(place.site === null ? [] : [place.site]), ...place.folders.map((f) => f.name)];
  return names.length ? `In ${names.slice(-2).join(' / ')}` : undefined;
}

interface Props {
  /** Where a person opens (administrators: their page; others: the org chart). */
  personHref: (id: string) => string;
}

/**
 * The app bar's search: as one types (three characters or more, after a pause) files and folders
 * whose names start with the words, people and sites; Enter searches everything (`/search?q=…`).
 */
export function SearchBox({ personHref }: Props) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), 250);
  const nodes = useNodeSuggestions(term, MIN_SUGGEST_LENGTH);
  const people = useSearchPeople(term, { minLength: MIN_SUGGEST_LENGTH });
  const sites = useSiteSuggestions(term, MIN_SUGGEST_LENGTH);
  const trimmed = input.trim();
  const isStale = term !== trimmed;

  const options: Option[] = trimmed
    ? [
        { kind: 'search', q: trimmed },
        ...(isStale || trimmed.length < MIN_SUGGEST_LENGTH
          ? []
          : [
              ...(nodes.data ?? []).map((node): Option => ({ kind: 'node', node })),
              ...(people.data ?? [])
                .slice(0, 4)
                .map((p): Option => ({ kind: 'person', id: p.id, name: p.displayName ?? p.id, email: p.email })),
              ...sites.data.map((s): Option => ({ kind: 'site', id: s.id, title: s.title })),
            ]),
      ]
    : [];
  const isLoading = !isStale && (nodes.isFetching || people.isFetching || sites.isFetching);

  const open = (option: Option | string) => {
    setInput('');
    if (typeof option === 'string') {
      if (option.trim()) void navigate(searchHref(option.trim()));
      return;
    }
    switch (option.kind) {
      case 'search':
        return void navigate(searchHref(option.q));
      case 'node':
        return void navigate(nodeHref(option.node));
      case 'person':
        return void navigate(personHref(option.id));
      case 'site':
        return void navigate(`/sites/${encodeURIComponent(option.id)}`);
    }
  };

  return (
    <Autocomplete<Option, false, false, true>
      freeSolo
      autoHighlight
      selectOnFocus
      handleHomeEndKeys
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_e, option) => option !== null && open(option)}
      options={options}
      filterOptions={(all) => all}
      groupBy={(option) => GROUPS[option.kind]}
      getOptionLabel={optionLabel}
      getOptionKey={(option) =>
        typeof option === 'string'
          ? option
          : option.kind === 'node'
            ? option.node.id
            : `${option.kind}:${option.kind === 'search' ? option.q : option.id}`
      }
      loading={isLoading}
      loadingText="Looking…"
      sx={{ width: { md: 220, lg: 300 } }}
      slotProps={{ listbox: { 'aria-label': 'Suggestions' } as object }}
      // MUI's own groups put a list inside the listbox (axe: an `li` in a listbox, options outside
      // one): each group is an ARIA group here, named by its heading, its options in a plain container.
      renderGroup={({ key, group, children }) =>
        group === '' ? (
          <Fragment key={key}>{children}</Fragment>
        ) : (
          <Box component="li" key={key} role="group" aria-label={group} sx={{ listStyle: 'none' }}>
            <Typography
              aria-hidden
              variant="caption"
              sx={{ display: 'block', px: 2, pt: 1, pb: 0.5, color: 'text.secondary', fontWeight: 600 }}
            >
              {group}
            </Typography>
            <Box component="ul" role="presentation" sx={{ p: 0, m: 0 }}>
              {children}
            </Box>
          </Box>
        )
      }
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <OptionIcon option={option} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {optionLabel(option)}
            </Typography>
            {secondaryOf(option) && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {secondaryOf(option)}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          placeholder="Search…"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search files, folders, people and sites' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}

function OptionIcon({ option }: { option: Option }) {
  const sx = { color: 'text.secondary', fontSize: 20 } as const;
  switch (option.kind) {
    case 'search':
      return <SearchIcon sx={sx} aria-hidden />;
    case 'node':
      return option.node.isFolder ? (
        <Folder sx={{ ...sx, color: '#f0b429' }} aria-hidden />
      ) : (
        <Article sx={sx} aria-hidden />
      );
    case 'person':
      return <Person sx={sx} aria-hidden />;
    case 'site':
      return <Groups sx={sx} aria-hidden />;
  }
}

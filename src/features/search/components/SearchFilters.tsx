import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { FacetGroup } from '../model/facets.ts';

interface Props {
  groups: FacetGroup[];
  chosen: readonly string[];
  onToggle: (filterQuery: string) => void;
}

/** The facets of the results: each bucket a checkbox with its count; checking one narrows the results. */
export function SearchFilters({ groups, chosen, onToggle }: Props) {
  // The page draws the filters twice (a panel on wide screens, a fold on narrow ones): ids of their own.
  const idBase = useId();
  if (groups.length === 0) return null;
  return (
    <Box component="section" aria-label="Filters" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {groups.map((group) => {
        const headingId = `${idBase}-${group.label.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <Box key={group.label} role="group" aria-labelledby={headingId}>
            <Typography id={headingId} component="h2" variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {group.label}
            </Typography>
            <FormGroup>
              {group.buckets.map((bucket) => (
                <FormControlLabel
                  key={bucket.filterQuery}
                  sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 0.75, minWidth: 0 } }}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.includes(bucket.filterQuery)}
                      onChange={() => onToggle(bucket.filterQuery)}
                    />
                  }
                  label={
                    <Box component="span" sx={{ display: 'flex', gap: 1, overflowWrap: 'anywhere' }}>
                      <span>{bucket.label}</span>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        ({bucket.count})
                      </Box>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}

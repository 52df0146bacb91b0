import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What an empty list says: an icon, a line, what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.disabled', '& > svg': { fontSize: 56 } }}>
      {icon}
      <Typography variant="h6" component="p" sx={{ mt: 1, color: 'text.primary' }}>
        {title}
      </Typography>
      {children && <Typography sx={{ color: 'text.secondary', mb: action ? 2 : 0 }}>{children}</Typography>}
      {action}
    </Box>
  );
}

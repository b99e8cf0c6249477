import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A section's content while it loads: a small spinner, named for screen readers. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress size={28} aria-label={label} />
    </Box>
  );
}

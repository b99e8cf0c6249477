import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { InsideLayoutContext } from './layout-context';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * The layout of pages shared with guests (docs/product-spec.md section 2): a header with only the event's
 * title, no navigation and no sign-in.
 */
export function SharedLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <InsideLayoutContext.Provider value>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.default',
        }}
      >
        <AppBar position="sticky">
          <Toolbar sx={{ width: '100%', maxWidth: 1120, mx: 'auto', px: { xs: 2, sm: 3, md: 4 } }}>
            <Typography
              component="p"
              variant="h3"
              noWrap
              sx={{ fontWeight: 700 }}
              data-testid="shared-title"
            >
              {title}
            </Typography>
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          sx={{
            flexGrow: 1,
            width: '100%',
            maxWidth: 1120,
            mx: 'auto',
            px: { xs: 2, sm: 3, md: 4 },
            py: { xs: 3, md: 4 },
          }}
        >
          {children}
        </Box>
        <AppFooter />
      </Box>
    </InsideLayoutContext.Provider>
  );
}

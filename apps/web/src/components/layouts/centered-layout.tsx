import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../brand/logo';
import { TextLink } from '../links/text-link';
import { AppFooter } from './app-footer';
import { InsideLayoutContext } from './layout-context';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * The layout of login-type pages (docs/product-spec.md section 2, "Layouts"): logo, content card, footer.
 * No app bar and no navigation.
 */
export function CenteredLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <InsideLayoutContext.Provider value>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          bgcolor: 'background.default',
          backgroundImage:
            'radial-gradient(1200px 500px at 50% -120px, rgba(99, 102, 241, 0.14), transparent 70%)',
        }}
      >
        <Box component="header" sx={{ pt: { xs: 5, sm: 8 }, pb: { xs: 3, sm: 4 } }}>
          <TextLink
            to="/"
            underline="none"
            aria-label={t('header.home')}
            sx={{ display: 'inline-flex', borderRadius: 1, p: 0.5 }}
          >
            <Logo size={36} />
          </TextLink>
        </Box>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          sx={{ width: '100%', maxWidth: 448, px: 2, flexGrow: 1 }}
        >
          {/* A Box, not a Paper: the first load of /login is on a budget (ADR 009). */}
          <Box
            sx={{
              p: { xs: 3, sm: 5 },
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 3,
              boxShadow:
                '0 1px 2px rgba(15, 23, 42, 0.04), 0 12px 32px -16px rgba(15, 23, 42, 0.18)',
            }}
          >
            {children}
          </Box>
        </Box>
        <AppFooter />
      </Box>
    </InsideLayoutContext.Provider>
  );
}

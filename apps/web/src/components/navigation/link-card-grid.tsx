import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../links/button-link';
import type {
  accountNavigationItems,
  defaultNavigationItems,
  eventNavigationItems,
  NavigationItemExtras,
} from './navigation-items';
import { IconTile } from '../page/icon-tile';

type CardItem =
  | ReturnType<typeof eventNavigationItems>[number]
  | (typeof accountNavigationItems)[number]
  | (typeof defaultNavigationItems)[number];

/** Overview screens list their area's sections as cards (the same items as the side navigation). */
export function LinkCardGrid({ items }: { items: readonly CardItem[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {items.map((item) => {
        const { id, labelKey, icon: Icon, ...link } = item as CardItem & NavigationItemExtras;
        const {
          feature: _feature,
          activeOptions: _active,
          ...linkOptions
        } = link as typeof link & {
          feature?: unknown;
          activeOptions?: unknown;
        };
        return (
          <li key={id}>
            <ButtonLink
              {...linkOptions}
              variant="outlined"
              color="inherit"
              fullWidth
              sx={{
                justifyContent: 'flex-start',
                gap: 1.5,
                py: 1.5,
                px: 2,
                bgcolor: 'background.paper',
                borderColor: 'divider',
                '&:hover': { borderColor: 'primary.light', bgcolor: 'background.paper' },
              }}
            >
              <IconTile icon={Icon} size={36} />
              <Typography component="span" sx={{ flexGrow: 1, textAlign: 'left', fontWeight: 500 }}>
                {t(labelKey)}
              </Typography>
              <ChevronRightOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
            </ButtonLink>
          </li>
        );
      })}
    </Box>
  );
}

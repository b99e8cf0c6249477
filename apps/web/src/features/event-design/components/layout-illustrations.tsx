import type { EventLayout, HEADER_LAYOUTS } from '@livent/shared';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Small pictures of the page layouts and header layouts for their choice cards, drawn with
 * boxes (no image files): header, player, text lines, tiles. Decorative only (`aria-hidden`);
 * the card's label names the choice.
 */

const INK = 'rgba(15, 23, 42, 0.14)';
const LINE = 'rgba(15, 23, 42, 0.1)';
const PLAYER = '#334155';
const ACCENT = '#6366F1';

function Frame({ children, dark = false }: { children: ReactNode; dark?: boolean }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        aspectRatio: '16 / 10',
        borderRadius: 1.5,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: dark ? '#1E293B' : '#F8FAFC',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {children}
    </Box>
  );
}

function Header({ dark = false }: { dark?: boolean }) {
  return (
    <Box
      sx={{
        height: '14%',
        flexShrink: 0,
        px: '6%',
        display: 'flex',
        alignItems: 'center',
        gap: '4%',
        bgcolor: dark ? '#0F172A' : '#FFFFFF',
        borderBottom: `1px solid ${dark ? 'rgba(255,255,255,0.08)' : LINE}`,
      }}
    >
      <Box sx={{ width: '14%', height: '40%', borderRadius: 0.5, bgcolor: ACCENT }} />
      <Box sx={{ flexGrow: 1 }} />
      {[0, 1, 2].map((item) => (
        <Box
          key={item}
          sx={{
            width: '9%',
            height: '22%',
            borderRadius: 0.5,
            bgcolor: dark ? 'rgba(255,255,255,0.25)' : INK,
          }}
        />
      ))}
    </Box>
  );
}

function Lines({ count = 3, dark = false }: { count?: number; dark?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: '5px' }}>
      {Array.from({ length: count }, (_, index) => (
        <Box
          key={index}
          sx={{
            height: 3,
            borderRadius: 1,
            width: index === count - 1 ? '60%' : '100%',
            bgcolor: dark ? 'rgba(255,255,255,0.2)' : INK,
          }}
        />
      ))}
    </Box>
  );
}

function Player({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        { bgcolor: PLAYER, borderRadius: 0.75, display: 'grid', placeItems: 'center' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          width: 0,
          height: 0,
          borderTop: '5px solid transparent',
          borderBottom: '5px solid transparent',
          borderLeft: '8px solid rgba(255,255,255,0.85)',
        }}
      />
    </Box>
  );
}

function Tiles({ dark = false }: { dark?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '6%' }}>
      {[0, 1, 2].map((tile) => (
        <Box
          key={tile}
          sx={{
            aspectRatio: '4 / 3',
            borderRadius: 0.5,
            bgcolor: dark ? 'rgba(255,255,255,0.14)' : 'rgba(99, 102, 241, 0.18)',
          }}
        />
      ))}
    </Box>
  );
}

/** The three page layouts (docs/product-spec.md section 3, "layout"). */
export function LayoutIllustration({ layout }: { layout: EventLayout }) {
  if (layout === 'modern') {
    return (
      <Frame>
        <Header />
        <Box sx={{ p: '6%', display: 'flex', gap: '5%', flexGrow: 1 }}>
          <Box sx={{ flex: 2, display: 'flex', flexDirection: 'column', gap: '8%' }}>
            <Player sx={{ aspectRatio: '16 / 9' }} />
            <Lines count={2} />
          </Box>
          <Box
            sx={{
              flex: 1,
              borderRadius: 0.75,
              bgcolor: '#FFFFFF',
              border: `1px solid ${LINE}`,
              p: '6%',
              display: 'flex',
              flexDirection: 'column',
              gap: '10%',
            }}
          >
            <Lines count={4} />
            <Box sx={{ mt: 'auto', height: '16%', borderRadius: 0.5, bgcolor: ACCENT }} />
          </Box>
        </Box>
      </Frame>
    );
  }
  if (layout === 'tube') {
    return (
      <Frame dark>
        <Header dark />
        <Box sx={{ p: '5%', display: 'flex', gap: '4%', flexGrow: 1 }}>
          <Box sx={{ flex: 2.4, display: 'flex', flexDirection: 'column', gap: '7%' }}>
            <Player sx={{ aspectRatio: '16 / 9', bgcolor: '#000000' }} />
            <Lines count={2} dark />
          </Box>
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: '8%' }}>
            {[0, 1, 2, 3].map((item) => (
              <Box key={item} sx={{ display: 'flex', gap: '8%', alignItems: 'center' }}>
                {
                  <Box
                    sx={{
                      width: '45%',
                      aspectRatio: '16 / 9',
                      borderRadius: 0.5,
                      bgcolor: 'rgba(255,255,255,0.18)',
                    }}
                  />
                }
                {
                  <Box
                    sx={{ flex: 1, height: 3, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.2)' }}
                  />
                }
              </Box>
            ))}
          </Box>
        </Box>
      </Frame>
    );
  }
  return (
    <Frame>
      <Header />
      <Box
        sx={{
          px: '16%',
          py: '5%',
          display: 'flex',
          flexDirection: 'column',
          gap: '6%',
          flexGrow: 1,
        }}
      >
        <Player sx={{ aspectRatio: '16 / 7' }} />
        <Lines count={2} />
        <Tiles />
      </Box>
    </Frame>
  );
}

/** The four header layouts (docs/product-spec.md section 3, "header layout"). */
export function HeaderIllustration({ layout }: { layout: (typeof HEADER_LAYOUTS)[number] }) {
  const logo = (
    <Box sx={{ width: 22, height: 8, borderRadius: 0.5, bgcolor: ACCENT, flexShrink: 0 }} />
  );
  const menu = (
    <Box sx={{ display: 'flex', gap: '4px' }}>
      {[0, 1, 2].map((item) => (
        <Box key={item} sx={{ width: 10, height: 3, borderRadius: 1, bgcolor: INK }} />
      ))}
    </Box>
  );
  const headline = (
    <Box
      sx={{
        width: '55%',
        height: 5,
        borderRadius: 1,
        bgcolor: 'rgba(15,23,42,0.3)',
      }}
    />
  );
  const content = (
    <Box sx={{ p: '6%', flexGrow: 1 }}>
      <Lines count={3} />
    </Box>
  );
  const bar = {
    bgcolor: '#FFFFFF',
    borderBottom: `1px solid ${LINE}`,
    px: '7%',
    display: 'flex',
    flexShrink: 0,
  } as const;
  if (layout === 'headline') {
    return (
      <Frame>
        <Box sx={{ ...bar, py: '5%', flexDirection: 'column', gap: '6px' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            {logo}
            {menu}
          </Box>
          {headline}
        </Box>
        {content}
      </Frame>
    );
  }
  if (layout === 'centered') {
    return (
      <Frame>
        <Box sx={{ ...bar, py: '5%', flexDirection: 'column', alignItems: 'center', gap: '6px' }}>
          {logo}
          {menu}
        </Box>
        {content}
      </Frame>
    );
  }
  if (layout === 'banner') {
    return (
      <Frame>
        <Box
          sx={{
            ...bar,
            height: '48%',
            alignItems: 'flex-end',
            pb: '5%',
            background: 'linear-gradient(135deg, #6366F1 0%, #A855F7 100%)',
            borderBottom: 0,
          }}
        >
          <Box sx={{ width: 26, height: 10, borderRadius: 0.5, bgcolor: '#FFFFFF' }} />
        </Box>
        {content}
      </Frame>
    );
  }
  return (
    <Frame>
      <Box sx={{ ...bar, height: '22%', alignItems: 'center', justifyContent: 'space-between' }}>
        {logo}
        {menu}
      </Box>
      {content}
    </Frame>
  );
}

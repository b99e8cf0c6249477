import { alpha, styled } from '@mui/material/styles';
import { createLink } from '@tanstack/react-router';
import type { ComponentProps, Ref } from 'react';

interface AnchorStyleProps {
  /** `always` (default) keeps links in running text recognisable without colour (WCAG 1.4.1). */
  underline?: 'always' | 'hover' | 'none';
  variant?: 'inherit' | 'body1' | 'body2';
}

/**
 * The look of MUI's Link on a plain anchor: MUI's Link component costs the guest pages' first
 * load more than the few rules it adds here (ADR 009).
 */
export const LinkAnchor = styled('a', {
  shouldForwardProp: (prop) => prop !== 'underline' && prop !== 'variant',
})<AnchorStyleProps>(({ theme, underline = 'always', variant = 'inherit' }) => ({
  ...(variant === 'inherit' ? {} : theme.typography[variant]),
  color: theme.palette.primary.main,
  fontWeight: 500,
  textDecoration: underline === 'always' ? 'underline' : 'none',
  textDecorationColor: alpha(theme.palette.primary.main, 0.4),
  textUnderlineOffset: '0.18em',
  cursor: 'pointer',
  '&:hover': {
    textDecoration: underline === 'none' ? 'none' : 'underline',
    textDecorationColor: 'currentColor',
  },
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
    borderRadius: 4,
  },
}));

function AnchorLink(
  props: ComponentProps<typeof LinkAnchor> & AnchorStyleProps & { ref?: Ref<HTMLAnchorElement> },
) {
  return <LinkAnchor {...props} />;
}

/**
 * A text link that is a typed router link: `to` and `params` are checked against the route
 * tree, so URLs are never built from strings (docs/architecture.md, "Conventions").
 */
export const TextLink = createLink(AnchorLink);

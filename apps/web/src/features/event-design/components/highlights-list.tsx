import type { Highlight, HighlightInput, HighlightPatch } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { EmptyState } from '../../../components/page/empty-state';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { highlightsQueryOptions } from '../../../lib/events/highlights';
import { useHighlightMutations } from '../hooks/use-highlights';
import { HighlightDialog } from './highlight-dialog';
import { moveItem } from '../list-order';
import { MoveButtons } from './move-buttons';

function Thumbnail({ image }: { image: string | null }) {
  return (
    <Box
      sx={{
        width: { xs: 64, sm: 88 },
        height: { xs: 64, sm: 66 },
        flexShrink: 0,
        borderRadius: 1.5,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(79, 70, 229, 0.06)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {image ? (
        // Decorative: the title beside it says what the highlight is.
        <Box
          component="img"
          src={image}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ImageOutlined sx={{ color: 'primary.light' }} />
      )}
    </Box>
  );
}

function HighlightRow({
  highlight,
  index,
  count,
  onMove,
  onEdit,
  onDelete,
  drag,
}: {
  highlight: Highlight;
  index: number;
  count: number;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onDelete: () => void;
  drag: DragProps;
}) {
  const { t } = useTranslation('design');
  return (
    <Box
      component="li"
      data-testid="highlight"
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      sx={{
        opacity: drag.dragging ? 0.45 : 1,
        boxShadow: drag.target
          ? (theme) =>
              `inset 0 ${drag.target === 'before' ? 2 : -2}px 0 ${theme.palette.primary.main}`
          : 'none',
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 1, sm: 2 },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ flexGrow: 1, minWidth: 0, alignItems: 'flex-start' }}
      >
        {/* Dragging is a shortcut for pointer users; the move buttons do the same for everyone. */}
        <DragIndicatorRounded
          aria-hidden="true"
          sx={{
            display: { xs: 'none', sm: 'block' },
            alignSelf: 'center',
            mr: -1,
            color: 'text.disabled',
            cursor: 'grab',
          }}
        />
        <Thumbnail image={highlight.image} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {highlight.group && (
              <Chip
                size="small"
                label={highlight.group}
                sx={{ bgcolor: 'rgba(79, 70, 229, 0.08)', color: 'primary.dark', fontWeight: 500 }}
              />
            )}
            <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {highlight.title}
            </Typography>
          </Stack>
          {highlight.description && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                mt: 0.25,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {highlight.description}
            </Typography>
          )}
          {highlight.link && (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary', minWidth: 0 }}
            >
              <LinkRounded sx={{ fontSize: 16, flexShrink: 0 }} aria-hidden="true" />
              <Typography
                variant="body2"
                sx={{
                  fontSize: '0.8125rem',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {highlight.link}
              </Typography>
            </Stack>
          )}
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          alignItems: 'center',
          alignSelf: { xs: 'flex-end', sm: 'center' },
          flexShrink: 0,
        }}
      >
        <MoveButtons name={highlight.title} index={index} count={count} onMove={onMove} />
        <IconButton
          size="small"
          aria-label={t('highlights.edit', { name: highlight.title })}
          onClick={onEdit}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('highlights.delete', { name: highlight.title })}
          onClick={onDelete}
          sx={{ '&:hover': { color: 'error.main' } }}
        >
          <DeleteOutlineOutlined fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

interface DragProps {
  dragging: boolean;
  /** Where the dragged row lands when dropped here: this row's place, seen from above or below. */
  target: 'before' | 'after' | undefined;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

type Editing = { mode: 'create' } | { mode: 'edit'; highlight: Highlight };

/**
 * The event's highlights (docs/product-spec.md section 3, "Highlight") as cards in the page's order: create and
 * edit in a dialog, delete after a confirmation, move up and down. Load
 * `highlightsQueryOptions(eventId)` in the route's loader.
 */
export function HighlightsList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('design');
  const { data: highlights } = useSuspenseQuery(highlightsQueryOptions(eventId));
  const { create, update, remove, reorder, move } = useHighlightMutations(eventId);
  const [dragged, setDragged] = useState<string>();
  const [dropTarget, setDropTarget] = useState<string>();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Highlight>();
  const [dialogKey, setDialogKey] = useState(0);
  const groups = [...new Set(highlights.map((item) => item.group).filter(Boolean))].sort();

  const open = (next: Editing) => {
    setDialogKey((key) => key + 1);
    setEditing(next);
  };

  const save = async (input: HighlightInput | HighlightPatch) => {
    if (editing?.mode === 'edit') {
      if (Object.keys(input).length > 0)
        await update.mutateAsync({ id: editing.highlight.id, patch: input });
      notify({ type: 'success', message: t('highlights.saved') });
    } else {
      await create.mutateAsync(input as HighlightInput);
      notify({ type: 'success', message: t('highlights.created') });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({ type: 'success', message: t('highlights.deleted') });
        setDeleting(undefined);
      },
      onError: async (error) => {
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
      },
    });
  };

  /** Drag and drop of a row onto another: it takes that row's place. */
  const position = (id: string | undefined) => highlights.findIndex((item) => item.id === id);
  const dragProps = (id: string): DragProps => ({
    dragging: dragged === id,
    target:
      dropTarget === id && dragged && dragged !== id
        ? position(dragged) > position(id)
          ? 'before'
          : 'after'
        : undefined,
    onDragStart: (event) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', id);
      setDragged(id);
    },
    onDragOver: (event) => {
      if (!dragged) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTarget !== id) setDropTarget(id);
    },
    onDrop: (event) => {
      event.preventDefault();
      const ids = highlights.map((item) => item.id);
      const from = dragged ? ids.indexOf(dragged) : -1;
      const to = ids.indexOf(id);
      if (from >= 0 && from !== to) reorder.mutate(moveItem(ids, from, to));
      setDragged(undefined);
      setDropTarget(undefined);
    },
    onDragEnd: () => {
      setDragged(undefined);
      setDropTarget(undefined);
    },
  });

  const addButton = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => open({ mode: 'create' })}>
      {t('highlights.add')}
    </Button>
  );

  return (
    <>
      {highlights.length === 0 ? (
        <EmptyState
          icon={AutoAwesomeOutlined}
          title={t('highlights.empty.title')}
          text={t('highlights.empty.text')}
        >
          {addButton}
        </EmptyState>
      ) : (
        <SectionCard
          title={t('highlights.list.title')}
          description={t('highlights.list.description', { count: highlights.length })}
          action={addButton}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: -2, mb: -2 }}>
            {highlights.map((highlight, index) => (
              <HighlightRow
                key={highlight.id}
                highlight={highlight}
                index={index}
                count={highlights.length}
                onMove={(direction) => move(highlights, highlight.id, direction)}
                onEdit={() => open({ mode: 'edit', highlight })}
                onDelete={() => setDeleting(highlight)}
                drag={dragProps(highlight.id)}
              />
            ))}
          </Box>
        </SectionCard>
      )}
      {editing && (
        <HighlightDialog
          key={dialogKey}
          open
          highlight={editing.mode === 'edit' ? editing.highlight : undefined}
          groups={groups}
          onClose={() => setEditing(undefined)}
          onSave={save}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('highlights.deleteDialog.title')}
        message={t('highlights.deleteDialog.message', { name: deleting?.title ?? '' })}
        confirmLabel={t('highlights.deleteDialog.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
